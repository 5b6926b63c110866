// The account switch on its own, against a session that only records what it is asked.
import { describe, expect, it } from 'vitest';
import { AccountSwitch, type SwitchableSession } from './account-switch';

const decodeToken = (token: string) =>
  token.startsWith('jwt:') ? { sub: token.slice(4), exp: 9e9 } : undefined;

function fixture(current?: string) {
  const calls: string[] = [];
  const session: SwitchableSession = {
    currentToken: () => current,
    isUsable: () => true,
    isSignedIn: () => current !== undefined,
    acceptToken: async (token) => void calls.push(`accept ${token}`),
    signOut: async () => void calls.push('sign-out'),
  };
  return { calls, accountSwitch: new AccountSwitch(session, { decodeToken }) };
}

describe('AccountSwitch', () => {
  it('accepts a sign-in this tab asked for, or the account already here, at once', async () => {
    const asked = fixture();
    await asked.accountSwitch.offer('jwt:bob', true);
    const same = fixture('jwt:alice');
    await same.accountSwitch.offer('jwt:alice', false);
    expect([asked.calls, same.calls]).toEqual([['accept jwt:bob'], ['accept jwt:alice']]);
  });

  it('holds another account’s unasked token; confirming signs out first, then signs in', async () => {
    const { calls, accountSwitch } = fixture('jwt:alice');
    await accountSwitch.offer('jwt:mallory', false);
    expect(calls).toEqual([]);
    expect(accountSwitch.getSnapshot().pending).toMatchObject({
      token: 'jwt:mallory',
      user: { userId: 'mallory' },
    });
    await accountSwitch.confirm();
    expect(calls).toEqual(['sign-out', 'accept jwt:mallory']);
    expect(accountSwitch.getSnapshot().pending).toBeUndefined();
  });

  it('declined, or unreadable, nothing changes', async () => {
    const { calls, accountSwitch } = fixture('jwt:alice');
    await accountSwitch.offer('garbage', true);
    await accountSwitch.offer('jwt:mallory', false);
    accountSwitch.decline();
    await accountSwitch.confirm();
    expect(calls).toEqual([]);
  });
});
