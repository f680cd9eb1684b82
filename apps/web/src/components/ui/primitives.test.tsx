import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { Alert, AlertDescription, AlertTitle } from './alert';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';
import { Input } from './input';
import { Label } from './label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

describe('design system primitives', () => {
  it('Button is a non-submitting button by default and can render its child instead', () => {
    render(
      <>
        <Button>Save</Button>
        <Button asChild variant="outline">
          <a href="/pricing">Pricing</a>
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'button');
    const link = screen.getByRole('link', { name: 'Pricing' });
    expect(link).toHaveAttribute('href', '/pricing');
    expect(link).not.toHaveAttribute('type');
    expect(link.className).toContain('border-input');
  });

  it('Label names its Input', () => {
    render(
      <>
        <Label htmlFor="email">Email</Label>
        <Input id="email" type="email" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
  });

  it('a destructive Alert is announced at once, a default one politely', () => {
    render(
      <>
        <Alert variant="destructive">
          <AlertTitle>Sign-in failed</AlertTitle>
          <AlertDescription>Invalid email or password.</AlertDescription>
        </Alert>
        <Alert>
          <AlertDescription>Saved.</AlertDescription>
        </Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
  });

  it('Tabs switch panels', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="profile">
        <TabsList aria-label="Settings">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="account">Account</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">Profile panel</TabsContent>
        <TabsContent value="account">Account panel</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Profile panel');
    await user.click(screen.getByRole('tab', { name: 'Account' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Account panel');
  });

  it('Dialog moves focus inside, keeps it there and returns it on Escape', async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger>Open</DialogTrigger>
        <DialogContent>
          <DialogTitle>Cookies</DialogTitle>
          <DialogDescription>Only what is needed.</DialogDescription>
          <Button>Got it</Button>
        </DialogContent>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Open' });
    await user.click(trigger);

    const dialog = screen.getByRole('dialog', { name: 'Cookies' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
