import { describe, expect, it } from 'vitest';
import { guessablePassword } from './guessable-passwords.ts';
import { registerRequestSchema } from './users.ts';

describe('guessable passwords', () => {
  it('finds the common ones whatever their case, in English and Russian use', () => {
    for (const password of ['12345678', 'Password1', 'QWERTYUIOP', '1q2w3e4r', 'йцукенгш', 'Пароль123']) {
      expect(guessablePassword(password), password).toBe(true);
    }
  });

  it('finds runs of one character and straight sequences up or down', () => {
    for (const password of ['aaaaaaaa', '77777777777', 'abcdefghij', '98765432', 'абвгдежз']) {
      expect(guessablePassword(password), password).toBe(true);
    }
  });

  it('lets other passwords through, common words with more to them included', () => {
    for (const password of ['secret-1', 'password-for-my-cat', '12345679', 'abcdefgi', 'correct horse']) {
      expect(guessablePassword(password), password).toBe(false);
    }
  });

  it('is part of the new-password rule, after the length', () => {
    const issue = (password: string) =>
      registerRequestSchema.shape.password.safeParse(password).error?.issues[0]?.message ?? null;
    expect(issue('12345678')).toBe('error_password_too_common');
    expect(issue('1234')).toBe('error_password_too_short');
    expect(issue('a-fine-password')).toBeNull();
  });
});
