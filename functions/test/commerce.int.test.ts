import { beforeEach, describe, expect, it } from 'vitest';
import { api, buySubjects, newLearner } from './api.ts';
import { LEARNER_DATA, USERS_DATA, shopCatalogue, reprice, signedInAdmin } from './fixtures.ts';

const call = api();
const admin = signedInAdmin(call);

const learner = (name = 'Buyer One') => newLearner(call, name);
type Learner = Awaited<ReturnType<typeof learner>>;
const shop = () => shopCatalogue(admin.post);

describe('the cart', () => {
  let s: Awaited<ReturnType<typeof shop>>;
  let me: Learner;
  const add = (who: Learner, subject_id: string) =>
    call('POST', `${LEARNER_DATA}/insertUSER_CART`, { token: who.token, body: { subject_id } });
  const cart = async (who: Learner) =>
    (await call('GET', `${LEARNER_DATA}/getUSER_CART`, { token: who.token })).body;

  beforeEach(async () => {
    s = await shop();
    me = await learner();
  });

  it('adds a paid subject', async () => {
    const res = await add(me, s.physics.subject_id);

    expect(res).toMatchObject({ status: 201, body: { message: 'Added Successfully' } });
  });

  it('answers the whole cart after adding, as getUSER_CART would', async () => {
    await add(me, s.physics.subject_id);

    const res = await add(me, s.biology.subject_id);

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ subject_id: s.biology.subject_id });
    const { message: _message, ...read } = await cart(me);
    expect(res.body.cart).toEqual(read);
    expect(res.body.cart.data.map((i: { subject_id: string }) => i.subject_id)).toEqual([
      s.physics.subject_id,
      s.biology.subject_id,
    ]);
    expect(res.body.cart.total).toBe(450.5);
  });

  it('refuses a subject already in the cart with 409', async () => {
    await add(me, s.physics.subject_id);

    const res = await add(me, s.physics.subject_id);

    expect(res).toMatchObject({ status: 409, body: { message: 'Already in your cart.' } });
  });

  it('refuses a free subject with 409', async () => {
    const res = await add(me, s.free.subject_id);

    expect(res).toMatchObject({ status: 409, body: { message: 'This subject is free.' } });
  });

  it('answers 404 for a subject that does not exist', async () => {
    const res = await add(me, 'no-such-subject');

    expect(res.status).toBe(404);
  });

  it('lists its items with their class and board names and totals their prices', async () => {
    await add(me, s.physics.subject_id);
    await add(me, s.biology.subject_id);

    const body = await cart(me);

    expect(body.total).toBe(450.5);
    expect(body.data[0]).toMatchObject({
      subject_name: s.physics.subject_name,
      subject_price: 300,
      class_name: 'Class 8',
      board_name: s.board.board_name,
      added_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('totals the current prices after an admin changes one', async () => {
    await add(me, s.physics.subject_id);
    await add(me, s.biology.subject_id);

    await reprice(admin.post, s.physics, 350);

    expect((await cart(me)).total).toBe(500.5);
  });

  it('refuses to remove another learner’s item with 404', async () => {
    await add(me, s.physics.subject_id);
    const cartId = (await cart(me)).data[0].cart_id;
    const other = await learner();

    const res = await call('DELETE', `${LEARNER_DATA}/deleteUSER_CART/${cartId}`, {
      token: other.token,
    });

    expect(res.status).toBe(404);
  });

  it('removes an item, keeping the others', async () => {
    await add(me, s.physics.subject_id);
    await add(me, s.biology.subject_id);
    const cartId = (await cart(me)).data[1].cart_id;

    const res = await call('DELETE', `${LEARNER_DATA}/deleteUSER_CART/${cartId}`, {
      token: me.token,
    });

    expect(res).toMatchObject({ status: 200, body: { message: 'Item removed successfully.' } });
    expect((await cart(me)).data).toHaveLength(1);
  });

  it('refuses another learner’s user_id with 403 and admin tokens with 403', async () => {
    expect(
      (await call('GET', `${LEARNER_DATA}/getUSER_CART?user_id=someone-else`, { token: me.token }))
        .status,
    ).toBe(403);
    expect(
      (await call('GET', `${LEARNER_DATA}/getUSER_CART?user_id=${me.userId}`, { token: me.token }))
        .status,
    ).toBe(200);
    expect((await call('GET', `${LEARNER_DATA}/getUSER_CART`, { token: admin.token })).status).toBe(
      403,
    );
  });
});

describe('favourites', () => {
  it('adds a subject once, lists it with names, removes it with the subject’s name', async () => {
    const s = await shop();
    const me = await learner();
    const first = await call('POST', `${USERS_DATA}/insertuser_favorites`, {
      token: me.token,
      body: { subject_id: s.physics.subject_id },
    });
    expect(first.status).toBe(201);
    const second = await call('POST', `${USERS_DATA}/insertuser_favorites`, {
      token: me.token,
      body: { subject_id: s.physics.subject_id },
    });
    expect(second.status).toBe(200);
    expect(second.body.data.favorite_id).toBe(first.body.data.favorite_id);
    const list = (await call('GET', `${USERS_DATA}/getuser_favorites`, { token: me.token })).body
      .data;
    expect(list).toEqual([
      expect.objectContaining({
        favorite_id: first.body.data.favorite_id,
        subject_name: s.physics.subject_name,
        subject_price: 300,
        class_name: 'Class 8',
        board_name: s.board.board_name,
      }),
    ]);
    const other = await learner();
    expect(
      await call('DELETE', `${USERS_DATA}/deleteuser_favorites/${first.body.data.favorite_id}`, {
        token: other.token,
      }),
    ).toMatchObject({
      status: 404,
      body: { message: 'Favorite item not found.' },
    });
    expect(
      await call('DELETE', `${USERS_DATA}/deleteuser_favorites/${first.body.data.favorite_id}`, {
        token: me.token,
      }),
    ).toMatchObject({
      status: 200,
      body: { message: `${s.physics.subject_name} has been removed from favorites.` },
    });
    expect(
      (await call('GET', `${USERS_DATA}/getuser_favorites`, { token: me.token })).body.data,
    ).toEqual([]);
  });
});

describe('about-subject material', () => {
  it('is locked until the learner owns the subject, then signed', async () => {
    const s = await shop();
    const sub = await admin.post('insertSubSubjects', {
      sub_subject_name: 'Mechanics',
      subject_id: s.physics.subject_id,
      price: 10,
    });
    await admin.post('insertAboutSubjects', {
      sub_subject_id: sub.sub_subject_id,
      video_url: '/media/private/videos/intro.mp4',
      author: 'Asha',
    });
    const me = await learner();
    const before = (
      await call('GET', `${LEARNER_DATA}/getAboutSubjects?subject_id=${s.physics.subject_id}`, {
        token: me.token,
      })
    ).body.data;
    expect(before).toEqual([
      expect.objectContaining({
        author: 'Asha',
        sub_subject_name: 'Mechanics',
        video_url: null,
        locked: true,
      }),
    ]);
    await buySubjects(call, me.token, [s.physics.subject_id]);
    const after = (
      await call('GET', `${LEARNER_DATA}/getAboutSubjects?subject_id=${s.physics.subject_id}`, {
        token: me.token,
      })
    ).body.data;
    expect(after[0].locked).toBe(false);
    expect(after[0].video_url).toContain('X-Amz-Signature=');
  });
});
