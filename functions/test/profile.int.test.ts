import { beforeAll, describe, expect, it } from 'vitest';
import { api, newLearner, routePath, uniqueEmail } from './api.ts';
import { LEARNER_DATA } from './fixtures.ts';

const call = api();

const learner = (name = 'Lina Learner') => newLearner(call, name);

describe('the profile', () => {
  type Learner = Awaited<ReturnType<typeof learner>>;
  const valid = () => ({
    user_mobile: '9876543210',
    user_name: 'New Name',
    email: uniqueEmail('moved'),
    dob: '2010-05-04T00:00:00.000Z',
    course_of_study: 'Class 10',
    profile_image: '/media/public/images/me.png',
    password: 'ignored',
    is_verified: true,
  });
  const put = (who: Learner, body: object) =>
    call('PUT', `${LEARNER_DATA}/updateclass_users`, { token: who.token, body });

  describe('of a new learner', () => {
    let me: Learner;

    beforeAll(async () => {
      me = await learner('Old Name');
    });

    it('is read by its learner, never with a password', async () => {
      const read = await call('GET', `${LEARNER_DATA}/getclass_users`, { token: me.token });

      expect(read.body.data[0]).toMatchObject({
        user_id: me.userId,
        user_name: 'Old Name',
        email: me.email,
      });
      expect(read.body.data[0]).not.toHaveProperty('password');
    });

    it('refuses an update without a field, naming the field', async () => {
      const noMobile = await put(me, { ...valid(), user_mobile: '' });
      const noCourse = await put(me, { ...valid(), course_of_study: ' ' });

      expect(noMobile.body.message).toBe('Mobile is required!');
      expect(noCourse.body.message).toBe('Course of study is required!');
    });

    it('refuses a mobile number that is not 10 digits', async () => {
      const short = await put(me, { ...valid(), user_mobile: '98765' });
      const letters = await put(me, { ...valid(), user_mobile: '98765abcde' });

      expect(short.status).toBe(400);
      expect(letters.status).toBe(400);
    });

    it('refuses a date of birth after today', async () => {
      const tomorrow = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);

      const res = await put(me, { ...valid(), dob: tomorrow });

      expect(res.body.message).toBe('Date of birth cannot be later than today.');
    });

    it('refuses an e-mail another learner uses with 409', async () => {
      const other = await learner();

      const res = await put(me, { ...valid(), email: other.email });

      expect(res.status).toBe(409);
    });
  });

  describe('once a learner saves a valid update', () => {
    let me: Learner;
    let sent: ReturnType<typeof valid>;
    let ok: Awaited<ReturnType<typeof call>>;
    let login: Awaited<ReturnType<typeof call>>;

    beforeAll(async () => {
      me = await learner('Old Name');
      sent = valid();

      ok = await put(me, sent);
      login = await call('POST', routePath('learner.login.request'), {
        body: { email: me.email, password: 'Passw0rdOk' },
      });
    });

    it('saves it, the date of birth as a day, ignoring password and is_verified', () => {
      expect(ok).toMatchObject({ status: 200, body: { message: 'Profile Updated Successfully' } });
      expect(ok.body.data).toMatchObject({
        dob: '2010-05-04',
        user_name: 'New Name',
        is_verified: false,
      });
    });

    it('keeps the e-mail until the new one is confirmed', () => {
      // The new e-mail only waits for its code (profile-email.int.test.ts); sign-in keeps the old.
      expect(ok.body.data).toMatchObject({ email: me.email, pending_email: sent.email });
    });

    it('carries the new name to sign-in', () => {
      expect(login.status).toBe(200);
      expect(login.body.user.name).toBe('New Name');
    });
  });
});

describe('the profile photo and the form’s problems (issue 14)', () => {
  const put = (token: string, body: object) =>
    call('PUT', `${LEARNER_DATA}/updateclass_users`, { token, body });
  const fields = {
    user_mobile: '9876543210',
    user_name: 'Photo Less',
    dob: '2011-02-03',
    course_of_study: 'Class 9',
  };

  it('saves a mobile number without a photo', async () => {
    const me = await learner();

    const res = await put(me.token, { ...fields, email: me.email });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_mobile: '9876543210', profile_image: '' });
    const read = await call('GET', `${LEARNER_DATA}/getclass_users`, { token: me.token });
    expect(read.body.data[0]).toMatchObject({ user_mobile: '9876543210', profile_image: '' });
  });

  it('lists every problem at once, each under its field, in plain words', async () => {
    const me = await learner();
    const tomorrow = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);

    const res = await put(me.token, {
      user_mobile: '98765',
      user_name: 'x'.repeat(300),
      email: me.email,
      dob: tomorrow,
      course_of_study: '',
    });

    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      {
        field: 'user_mobile',
        message: 'Mobile number must be exactly 10 digits.',
        message_code: 'learning.profile_mobile',
      },
      {
        field: 'user_name',
        message: 'User Name must be at most 100 characters.',
        message_code: 'validation.at_most_chars',
        message_params: { field: 'User Name', max: '100' },
      },
      {
        field: 'dob',
        message: 'Date of birth cannot be later than today.',
        message_code: 'learning.profile_dob',
      },
      {
        field: 'course_of_study',
        message: 'Course of study is required!',
        message_code: 'learning.profile_field_required',
        message_params: { field: 'Course of study' },
      },
    ]);
  });
});
