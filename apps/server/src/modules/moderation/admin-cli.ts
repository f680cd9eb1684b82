import type { UserDirectory } from '../users/index.js';
import type { ModerationRepository } from './repository.js';

export const ADMIN_USAGE = [
  'Usage: npm run admin -- <command>',
  '  grant <email>   make the account with this e-mail an admin',
  '  revoke <email>  take its admin rights away',
  '  list            print every admin: e-mail and when granted',
].join('\n');

/** Where the command writes: its answer to `out`, problems to `err`. */
export interface CommandOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * `npm run admin -- grant|revoke|list`: the only way admins are made or unmade (docs/PRODUCT.md
 * §16), by whoever runs the server. Answers the process's exit code: 1 for an unknown e-mail or
 * a command it does not know.
 */
export async function runAdminCommand(
  args: readonly string[],
  { repo, users }: { repo: ModerationRepository; users: Pick<UserDirectory, 'findByEmail'> },
  { out, err }: CommandOutput,
): Promise<number> {
  const [command, rawEmail, ...rest] = args;
  if (command === 'list' && rawEmail === undefined) {
    for (const admin of await repo.admins()) out(`${admin.email}\t${admin.grantedAt}`);
    return 0;
  }
  if ((command !== 'grant' && command !== 'revoke') || !rawEmail || rest.length > 0) {
    err(ADMIN_USAGE);
    return 1;
  }
  // Stored trimmed and lower-cased (users.email), so looked up the same way.
  const email = rawEmail.trim().toLowerCase();
  const user = await users.findByEmail(email);
  if (!user) {
    err(`No account has the e-mail ${email}.`);
    return 1;
  }
  if (command === 'grant') {
    const granted = await repo.grantAdmin(user.id, new Date().toISOString());
    out(granted ? `${email} is now an admin.` : `${email} was already an admin.`);
  } else {
    const revoked = await repo.revokeAdmin(user.id);
    out(revoked ? `${email} is no longer an admin.` : `${email} was not an admin.`);
  }
  return 0;
}
