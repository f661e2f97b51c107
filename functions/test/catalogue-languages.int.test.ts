import { beforeAll, describe, expect, it } from 'vitest';
import { api, buySubjects, newLearner, routePath } from './api.ts';
import { ADMIN_DATA, signedInAdmin, smallCatalogue, unique } from './fixtures.ts';

/**
 * Issue 33: catalogue records carry Kannada and Hindi names beside the English, classes and
 * subjects their medium of instruction; a learner's read answers in the language its query asks
 * (English where a record has no translation), an admin's read the translations to edit.
 */
const call = api();
const admin = signedInAdmin(call);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = any;

const read = async (path: string, token?: string) => {
  const res = await call('GET', path, { token });
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return res.body.data as Rec;
};

describe('the catalogue in Kannada and Hindi', () => {
  let cat: Rec;
  const sslc = unique('SSLC');

  beforeAll(async () => {
    cat = await smallCatalogue(admin.post, {
      board: sslc,
      class: {
        class_name: 'Class 10',
        price: 100,
        medium: 'kannada',
        translations: { kn: { class_name: '10ನೇ ತರಗತಿ' }, hi: { class_name: 'कक्षा 10' } },
      },
      subjects: {
        science: {
          subject_name: unique('Science'),
          price: 50,
          medium: 'Kannada',
          translations: { kn: { subject_name: 'ವಿಜ್ಞಾನ' } },
        },
        english: { subject_name: unique('English'), price: 50 },
      },
      chapter: {
        of: 'science',
        chapter_name: 'Light',
        serial_no: 1,
        description: 'Reflection and refraction',
        translations: { kn: { chapter_name: 'ಬೆಳಕು', chapter_description: '' } },
      },
      topics: {
        mirrors: {
          topic_name: 'Mirrors',
          author: 'A',
          free_to_watch: '1',
          translations: { kn: { topic_name: 'ದರ್ಪಣಗಳು' }, hi: { topic_name: 'दर्पण' } },
        },
        lenses: { topic_name: 'Lenses', author: 'A', free_to_watch: '1' },
      },
    });
  });

  it('answers a learner’s read in the language it asks, English where there is no translation, never the translations themselves', async () => {
    const subjects = (lang?: string) =>
      read(
        routePath(
          'catalogue.getSubjects',
          {},
          { class_id: cat.cls.class_id, ...(lang && { lang }) },
        ),
      );
    const kn = await subjects('kn');
    const science = kn.find((s: Rec) => s.subject_id === cat.subjects.science.subject_id);
    // Its own name and its class's, as the Kannada reader sees them.
    expect(science).toMatchObject({ subject_name: 'ವಿಜ್ಞಾನ', class_name: '10ನೇ ತರಗತಿ' });
    expect(science).not.toHaveProperty('translations');
    // No Hindi name for the subject: English; the class has one.
    const hi = await subjects('hi');
    expect(hi.find((s: Rec) => s.subject_id === cat.subjects.science.subject_id)).toMatchObject({
      subject_name: cat.subjects.science.subject_name,
      class_name: 'कक्षा 10',
    });
    for (const english of [await subjects(), await subjects('en')]) {
      const s = english.find((x: Rec) => x.subject_id === cat.subjects.science.subject_id);
      expect(s).toMatchObject({ subject_name: cat.subjects.science.subject_name });
      expect(s.class_name).toBe('Class 10');
      expect(s).not.toHaveProperty('translations');
    }

    const topics = await read(
      routePath('catalogue.getTopics', {}, { chapter_id: cat.chapter.chapter_id, lang: 'kn' }),
    );
    expect(topics.map((t: Rec) => [t.topic_name, t.chapter_name])).toEqual([
      ['ದರ್ಪಣಗಳು', 'ಬೆಳಕು'],
      ['Lenses', 'ಬೆಳಕು'],
    ]);
    const detail = await read(
      `${routePath('catalogue.getClassById', { classId: cat.cls.class_id })}?lang=hi`,
    );
    expect(detail).toMatchObject({ class_name: 'कक्षा 10', medium: 'kannada' });
  });

  it('answers the lesson in the learner’s language too', async () => {
    const learner = await newLearner(call, 'Kannada Reader');
    const lesson = await read(
      `${routePath('catalogue.getLesson')}?topic_id=${cat.topics.mirrors.topic_id}&lang=kn`,
      learner.token,
    );
    expect(lesson.topic).toMatchObject({ topic_name: 'ದರ್ಪಣಗಳು', chapter_name: 'ಬೆಳಕು' });
    expect(lesson.topic).not.toHaveProperty('translations');
    expect(lesson.chapter.chapter_name).toBe('ಬೆಳಕು');
    expect(lesson.chapter.topics.map((t: Rec) => t.topic_name)).toEqual(['ದರ್ಪಣಗಳು', 'Lenses']);
  });

  it('answers a cart write with the cart named in the language its query asks, English without', async () => {
    const learner = await newLearner(call, 'Kannada Shopper');
    const add = async (subject: Rec, lang: string) => {
      const res = await call('POST', `${routePath('cart.insert')}${lang}`, {
        token: learner.token,
        body: { subject_id: subject.subject_id },
      });
      expect(res.status).toBe(201);
      return res.body.cart.data as Rec[];
    };
    const [science] = await add(cat.subjects.science, '?lang=kn');
    expect(science).toMatchObject({ subject_name: 'ವಿಜ್ಞಾನ', class_name: '10ನೇ ತರಗತಿ' });
    const both = await add(cat.subjects.english, '');
    expect(both.map((i) => i.subject_name)).toEqual([
      cat.subjects.science.subject_name,
      cat.subjects.english.subject_name,
    ]);
    const removed = await call('DELETE', `${routePath('cart.removeCoupon')}?lang=hi`, {
      token: learner.token,
    });
    expect(removed.body.data.map((i: Rec) => i.class_name)).toEqual(['कक्षा 10', 'कक्षा 10']);
  });

  it('names a bought subject on its receipt in the learner’s language, English as paid without one', async () => {
    const learner = await newLearner(call, 'Kannada Buyer');
    await buySubjects(call, learner.token, [cat.subjects.science.subject_id], { state: '29' });
    const receipt = async (lang: string) =>
      (await read(`${routePath('purchases.getpayment_history')}${lang}`, learner.token))[0]
        .subjects[0];
    expect(await receipt('?lang=kn')).toMatchObject({
      subject_name: 'ವಿಜ್ಞಾನ',
      class_name: '10ನೇ ತರಗತಿ',
    });
    expect(await receipt('')).toMatchObject({
      subject_name: cat.subjects.science.subject_name,
      class_name: 'Class 10',
    });
  });

  it('refuses a language the product does not speak, with the contract’s 400', async () => {
    const res = await call(
      'GET',
      routePath('catalogue.getSubjects', {}, { class_id: cat.cls.class_id, lang: 'fr' }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'lang must be one of en, kn, hi.',
    });
  });

  it('lists only the classes and subjects taught in a medium, and says each one’s (English unless given)', async () => {
    const all = await read(routePath('catalogue.getSubjects', {}, { class_id: cat.cls.class_id }));
    expect(Object.fromEntries(all.map((s: Rec) => [s.subject_id, s.medium]))).toEqual({
      [cat.subjects.science.subject_id]: 'kannada',
      [cat.subjects.english.subject_id]: 'english',
    });
    const kannada = await read(
      routePath('catalogue.getSubjects', {}, { class_id: cat.cls.class_id, medium: 'kannada' }),
    );
    expect(kannada.map((s: Rec) => s.subject_id)).toEqual([cat.subjects.science.subject_id]);
    const classes = await read(
      routePath('catalogue.getClasses', {}, { board_id: cat.board.board_id, medium: 'english' }),
    );
    expect(classes).toEqual([]);
    const unknown = await call(
      'GET',
      routePath('catalogue.getSubjects', {}, { class_id: cat.cls.class_id, medium: 'klingon' }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown medium of instruction.');
  });

  it('gives the back office the translations to edit; an update without them keeps them, one with them replaces them', async () => {
    const adminSubjects = async () =>
      (
        await call('GET', `${ADMIN_DATA}/getSubjects?class_id=${cat.cls.class_id}`, {
          token: admin.token,
        })
      ).body.data as Rec[];
    const stored = (await adminSubjects()).find(
      (s) => s.subject_id === cat.subjects.science.subject_id,
    );
    expect(stored).toMatchObject({
      subject_name: cat.subjects.science.subject_name,
      medium: 'kannada',
      translations: { kn: { subject_name: 'ವಿಜ್ಞಾನ' } },
    });
    const base = {
      subject_id: stored.subject_id,
      subject_name: stored.subject_name,
      class_id: stored.class_id,
      price: stored.subject_price,
    };
    await admin.post('updateSubjects', base);
    const kept = (await adminSubjects()).find((s) => s.subject_id === stored.subject_id);
    expect(kept).toMatchObject({
      medium: 'kannada',
      translations: { kn: { subject_name: 'ವಿಜ್ಞಾನ' } },
    });
    await admin.post('updateSubjects', {
      ...base,
      translations: { kn: { subject_name: '' }, hi: { subject_name: 'विज्ञान' } },
    });
    const replaced = (await adminSubjects()).find((s) => s.subject_id === stored.subject_id);
    expect(replaced.translations).toEqual({ hi: { subject_name: 'विज्ञान' } });

    // A field this entity does not translate, or a language the product lacks: 400, nothing written.
    for (const translations of [{ kn: { price: '5' } }, { fr: { subject_name: 'Sciences' } }]) {
      const res = await call('POST', `${ADMIN_DATA}/updateSubjects`, {
        token: admin.token,
        body: { ...base, translations },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'translations gives kn and hi, each with the translated fields of this record only.',
      );
    }
    const after = (await adminSubjects()).find((s) => s.subject_id === stored.subject_id);
    expect(after.translations).toEqual({ hi: { subject_name: 'विज्ञान' } });
  });
});

describe('the learner’s language in the profile', () => {
  it('is kept when chosen, unchanged when left out, and refused when the product does not speak it', async () => {
    const me = await newLearner(call, 'Hindi Reader');
    const profile = {
      user_mobile: '9876543210',
      user_name: 'Hindi Reader',
      email: me.email,
      dob: '2010-05-04',
      course_of_study: 'Class 10',
    };
    const before = await call('GET', routePath('profile.get'), { token: me.token });
    expect(before.body.data[0].language).toBeNull();
    const chosen = await call('PUT', routePath('profile.update'), {
      token: me.token,
      body: { ...profile, language: 'hi' },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.language).toBe('hi');
    await call('PUT', routePath('profile.update'), { token: me.token, body: profile });
    const read = await call('GET', routePath('profile.get'), { token: me.token });
    expect(read.body.data[0].language).toBe('hi');
    const refused = await call('PUT', routePath('profile.update'), {
      token: me.token,
      body: { ...profile, language: 'fr' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('language must be one of en, kn, hi.');
  });

  it('is kept alone by updateUserLanguage, for a new account without the rest of its profile', async () => {
    const me = await newLearner(call, 'Kannada Reader');
    const chosen = await call('POST', routePath('profile.updateLanguage'), {
      token: me.token,
      body: { language: 'kn' },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.message).toBe('Your language is saved.');
    expect(chosen.body.data.language).toBe('kn');
    const read = await call('GET', routePath('profile.get'), { token: me.token });
    expect(read.body.data[0]).toMatchObject({ language: 'kn', user_name: 'Kannada Reader' });
    const refused = await call('POST', routePath('profile.updateLanguage'), {
      token: me.token,
      body: { language: 'ta' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('language must be one of en, kn, hi.');
    const again = await call('GET', routePath('profile.get'), { token: me.token });
    expect(again.body.data[0].language).toBe('kn');
    const anonymous = await call('POST', routePath('profile.updateLanguage'), {
      body: { language: 'hi' },
    });
    expect(anonymous.status).toBe(401);
  });
});
