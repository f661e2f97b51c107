import { describe, expect, it } from 'vitest';
import { CATALOGUE_INPUTS } from './catalogue.ts';
import { inLanguage } from './languages.ts';

describe('a record in a learner’s language', () => {
  const subject = {
    subject_id: 's1',
    subject_name: 'Science',
    subject_price: 50,
    translations: { kn: { subject_name: 'ವಿಜ್ಞಾನ' }, hi: { subject_name: '  ' } },
  };

  it('takes each field its translation gives, keeps the rest English, and drops the translations', () => {
    expect(inLanguage(subject, 'kn')).toEqual({
      subject_id: 's1',
      subject_name: 'ವಿಜ್ಞಾನ',
      subject_price: 50,
    });
    // A blank translation is none.
    expect(inLanguage(subject, 'hi')).toEqual({
      subject_id: 's1',
      subject_name: 'Science',
      subject_price: 50,
    });
    expect(inLanguage(subject, 'en')).toEqual({
      subject_id: 's1',
      subject_name: 'Science',
      subject_price: 50,
    });
  });

  it('never adds a field or changes one that is not text', () => {
    const odd = { subject_price: 50, translations: { kn: { subject_price: '5', extra: 'x' } } };
    expect(inLanguage(odd, 'kn')).toEqual({ subject_price: 50 });
  });
});

describe('a record’s translations as an admin sends them', () => {
  const subject = { subject_name: 'Science', class_id: 'c1', price: 50 };
  const parse = (translations: unknown) =>
    CATALOGUE_INPUTS.subject.insert.safeParse({ ...subject, translations });

  it('takes kn and hi with the entity’s translated fields, trimmed', () => {
    const ok = parse({ kn: { subject_name: ' ವಿಜ್ಞಾನ ' }, hi: {} });
    expect(ok.success && ok.data.translations).toEqual({ kn: { subject_name: 'ವಿಜ್ಞಾನ' }, hi: {} });
  });

  it('refuses another language or a field the entity does not translate', () => {
    expect(parse({ fr: { subject_name: 'Sciences' } }).success).toBe(false);
    expect(parse({ kn: { price: '5' } }).success).toBe(false);
    expect(parse({ kn: { subject_name: 5 } }).success).toBe(false);
  });

  it('takes a medium of instruction in any case, and refuses one it does not know', () => {
    const kannada = CATALOGUE_INPUTS.subject.insert.safeParse({ ...subject, medium: 'Kannada' });
    expect(kannada.success && kannada.data.medium).toBe('kannada');
    expect(
      CATALOGUE_INPUTS.subject.insert.safeParse({ ...subject, medium: 'klingon' }).success,
    ).toBe(false);
  });
});
