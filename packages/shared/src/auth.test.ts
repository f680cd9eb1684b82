import { describe, expect, it } from 'vitest';
import { emailSchema, loginInputSchema, passwordSchema } from './auth.js';

describe('account input rules', () => {
  it('trim and lower-case e-mail addresses and refuse malformed ones', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(emailSchema.safeParse('ada@').error?.issues[0]?.message).toBe(
      'Please enter a valid email address',
    );
    expect(emailSchema.safeParse('').error?.issues[0]?.message).toBe('Email is required');
  });

  it('need 6 to 128 characters in a new password', () => {
    expect(passwordSchema.safeParse('12345').error?.issues[0]?.message).toBe(
      'Password must be at least 6 characters',
    );
    expect(passwordSchema.safeParse('123456').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });

  it('only need some password to sign in', () => {
    expect(loginInputSchema.safeParse({ email: 'a@b.co', password: '1' }).success).toBe(true);
    expect(loginInputSchema.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
  });
});
