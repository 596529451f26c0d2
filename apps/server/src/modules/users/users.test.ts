import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t, { firstName: 'Carla', lastName: 'Mendes' });
});
afterAll(() => t.close());

describe('GET/PUT /users/me', () => {
  it('reads the profile of the signed-in user', async () => {
    const me = await t.request('GET', '/users/me', { token: user.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: user.id,
      email: user.email,
      firstName: 'Carla',
      lastName: 'Mendes',
      createdAt: expect.any(String),
    });
  });

  it('updates first and last name, trimmed', async () => {
    const updated = await t.request('PUT', '/users/me', {
      token: user.token,
      body: { firstName: '  Carla Maria ', lastName: 'Mendes Lima' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ firstName: 'Carla Maria', lastName: 'Mendes Lima' });
    const session = await t.request('GET', '/auth/get-session', { headers: { cookie: user.cookie } });
    expect(session.body.user.name).toBe('Carla Maria Mendes Lima');
  });

  it('requires both names and changes nothing when one is missing', async () => {
    const response = await t.request('PUT', '/users/me', { token: user.token, body: { firstName: 'Only' } });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([
      { path: 'lastName', key: 'validation.required', message: 'This field is required' },
    ]);
    const me = await t.request('GET', '/users/me', { token: user.token });
    expect(me.body.firstName).toBe('Carla Maria');
  });

  it('answers 401 without a token', async () => {
    const response = await t.request('PUT', '/users/me', { body: { firstName: 'A', lastName: 'B' } });
    expect(response.status).toBe(401);
  });
});
