import { LEARNER_MESSAGES as M, SubjectRefInput } from '@gia/shared';
import { addToFavourites, getFavourites, removeFromFavourites } from './service.ts';
import { learnerId } from '../lib/identity.ts';
import { created, createGroupHandler, ok, sessionCheckInReads } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';

/** The learner's favourite subjects (docs/api.md §6). */
export const handler = createGroupHandler('favourites', {
  // Read-only: the session check rides in its BatchGet (issue 30).
  'favourites.get': sessionCheckInReads(async (req) =>
    ok(M.favouritesLoaded, await getFavourites(learnerId(req))),
  ),
  'favourites.insert': async (req) => {
    const { subject_id } = parse(SubjectRefInput, req.body);
    const result = await addToFavourites(learnerId(req), subject_id);
    return result.created
      ? created(M.favouriteAdded, result.favourite)
      : ok(M.favouriteExists, result.favourite);
  },
  'favourites.delete': async (req) => {
    const name = await removeFromFavourites(learnerId(req), req.params.favorite_id ?? '');
    return ok(M.favouriteRemoved(name));
  },
});
