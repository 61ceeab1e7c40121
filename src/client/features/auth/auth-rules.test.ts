import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@common/auth';
import { checkLogin, checkRegister } from './auth-rules';
import { checkRecover } from './recover-rules';

describe('checkLogin', () => {
  it('answers the trimmed body when both fields are given', () => {
    expect(checkLogin({ username: '  neo ', password: 'pw' })).toEqual({ body: { username: 'neo', password: 'pw' } });
  });

  it('asks for both fields', () => {
    const missing = { problem: { title: 'Missing Information', description: AUTH_MESSAGES.missing } };
    expect(checkLogin({ username: '  ', password: 'pw' })).toEqual(missing);
    expect(checkLogin({ username: 'neo', password: '' })).toEqual(missing);
  });
});

describe('checkRegister', () => {
  const form = (username: string, password: string, confirm = password) => ({ username, password, confirm });

  it('answers the trimmed body when every rule holds', () => {
    expect(checkRegister(form(' glitch_kid ', 'glitch-pass'))).toEqual({ body: { username: 'glitch_kid', password: 'glitch-pass' } });
  });

  it('asks for every field, then a matching confirmation', () => {
    expect(checkRegister(form('neo', 'pw', ''))).toEqual({
      problem: { title: 'Missing Information', description: 'Please fill in all fields' },
    });
    expect(checkRegister(form('neo', 'ab', 'abc'))).toEqual({
      problem: { title: 'Password Mismatch', description: 'Passwords do not match' },
    });
  });

  it("then the shared schema's rules, with its own texts", () => {
    expect(checkRegister(form('neo', 'pw'))).toEqual({
      problem: { title: 'Password Too Short', description: AUTH_MESSAGES.passwordShort },
    });
    expect(checkRegister(form('neo', 'x'.repeat(129)))).toEqual({
      problem: { title: 'Password Too Long', description: AUTH_MESSAGES.passwordLong },
    });
    expect(checkRegister(form('no', 'glitch-pass'))).toEqual({
      problem: { title: 'Invalid Username', description: AUTH_MESSAGES.usernameLength },
    });
    expect(checkRegister(form('neo kid', 'glitch-pass'))).toEqual({
      problem: { title: 'Invalid Username', description: AUTH_MESSAGES.usernameChars },
    });
  });
});

describe('checkRecover', () => {
  const form = (newPassword: string, confirm = newPassword) => ({ username: ' neo ', code: ' ABCD-EFGH ', newPassword, confirm });

  it('answers the trimmed body once the new password is typed twice alike', () => {
    expect(checkRecover(form('new-glitch-pass'))).toEqual({ body: { username: 'neo', code: 'ABCD-EFGH', newPassword: 'new-glitch-pass' } });
  });

  it('asks for every field, then a matching confirmation', () => {
    expect(checkRecover(form('new-glitch-pass', ''))).toEqual({
      problem: { title: 'Missing Information', description: 'Please enter your username, a recovery code and a new password twice' },
    });
    expect(checkRecover({ ...form('pw'), code: '  ' })).toMatchObject({ problem: { title: 'Missing Information' } });
    expect(checkRecover(form('new-glitch-pass', 'new-glitch-pas'))).toEqual({ problem: { title: 'Password Mismatch', description: 'Passwords do not match' } });
  });
});
