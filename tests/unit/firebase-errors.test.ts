import { describe, expect, it } from 'vitest';
import { FIREBASE_ERROR_CODES, firebaseErrorText } from '@/features/auth/client/firebase/firebase-errors';

describe('Firebase Authentication errors in French (SPEC §8)', () => {
  it('gives each code SPEC §8 names its own words, on its field', () => {
    const of = (code: string) => firebaseErrorText({ code: `auth/${code}`, message: 'Firebase: Error (x).' });
    expect(of('wrong-password')).toEqual({
      field: 'password',
      message: expect.stringMatching(/^Mot de passe incorrect/),
    });
    expect(of('user-not-found')).toEqual({ field: 'email', message: expect.stringMatching(/^Aucun compte/) });
    expect(of('email-already-in-use')).toEqual({
      field: 'email',
      message: expect.stringMatching(/déjà un compte/),
    });
    expect(of('too-many-requests')).toEqual({
      field: null,
      message: expect.stringMatching(/^Trop de tentatives/),
    });
    expect(of('network-request-failed')).toEqual({
      field: null,
      message: expect.stringMatching(/injoignable/),
    });
  });

  it('never shows a raw code or English: anything unknown gets a French sentence', () => {
    for (const error of [{ code: 'auth/brand-new-code' }, new Error('boom'), null, 'auth/x', { code: 42 }]) {
      expect(firebaseErrorText(error)).toEqual({
        field: null,
        message: 'Une erreur est survenue pendant la connexion. Réessayez.',
      });
    }
    for (const code of FIREBASE_ERROR_CODES) {
      const { message } = firebaseErrorText({ code });
      expect(message).not.toMatch(/auth\/|Firebase|error/i);
      // Typography: a non-breaking space before « : ; ? ! », typographic apostrophes.
      expect(message).not.toMatch(/ [:;?!]|'/);
    }
  });
});
