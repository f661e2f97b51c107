import { describe, expect, it } from 'vitest';
import { ROUTES, ROUTE_GROUPS, matchRoute, routesOfGroup } from './routes.ts';

describe('the route table', () => {
  it('declares every route exactly once', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });

  it('puts every route in a known group and every group has routes', () => {
    for (const r of ROUTES) expect(ROUTE_GROUPS).toContain(r.group);
    for (const g of ROUTE_GROUPS) expect(routesOfGroup(g).length).toBeGreaterThan(0);
  });

  it('declares the contract calls of every section', () => {
    const paths = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/v1/classuser/login/signup',
        'POST /api/v1/classadmin/login/logout',
        'DELETE /api/v1/classadmin/data/deleteAdmin/{admin_id}',
        'GET /api/v1/classuser/data/getClasses_Byid/{classId}',
        'DELETE /api/v1/classadmin/data/deletetestimonial/{id}',
        'POST /api/v1/global/upload/presign',
        'PUT /api/v1/classuser/data/updateclass_users',
        'DELETE /api/v1/users/data/deleteuser_favorites/{favorite_id}',
        'POST /api/v1/classadmin/data/answerqna',
        'POST /api/v1/classuser/data/insertpayment_hsitory',
        'POST /api/v1/payments/webhook',
        'POST /api/local/razorpay/pay',
        'POST /api/v1/classuser/data/getAiResponse',
      ]),
    );
  });

  it('matches a path with a parameter and decodes it', () => {
    const m = matchRoute('DELETE', '/api/v1/classadmin/data/deleteBoards/01J%2DX_y');
    expect(m).toMatchObject({ kind: 'found', params: { id: '01J-X_y' } });
    if (m.kind === 'found') expect(m.route.name).toBe('admin.catalogue.deleteBoards');
  });

  it('answers not-found, never throws, for a parameter that is not an id', () => {
    const bad = [
      '%E0%A4%A',
      '%',
      '%ZZ',
      '01J%20X',
      '..%2F..%2Fx',
      'x'.repeat(65),
      '%F0%9F%98%80',
      '%00',
    ];
    for (const param of bad) {
      expect(
        matchRoute('DELETE', `/api/v1/classuser/data/deleteUSER_CART/${param}`),
        param,
      ).toEqual({ kind: 'not-found' });
    }
    expect(
      matchRoute('GET', `/api/v1/classuser/data/getClasses_Byid/${'a'.repeat(64)}`),
    ).toMatchObject({ kind: 'found' });
  });

  it('tells a wrong method apart from an unknown path', () => {
    expect(matchRoute('DELETE', '/api/health')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET'],
    });
    expect(matchRoute('GET', '/api/v1/classuser/data/unknown')).toEqual({ kind: 'not-found' });
    expect(matchRoute('GET', '/api/v1/classuser/data/getBoards/extra')).toEqual({
      kind: 'not-found',
    });
  });

  it('keeps the learner, admin and local routes under their bases', () => {
    for (const r of ROUTES) {
      if (r.access === 'admin') expect(r.path).toMatch(/^\/api\/v1\/classadmin\//);
      if (r.localOnly) expect(r.path).toMatch(/^\/api\/local\//);
    }
  });
});
