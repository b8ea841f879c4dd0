import { Candidate, ContactInput, ContactRef, Id } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { candidateAnswer } from './candidate-answer.ts';
import { addContact, deleteContact, setPrimaryContact } from './candidate-contacts.service.ts';

const params = z.object({ id: Id });
const tags = ['candidates'];

/** A candidate's e-mails and phones (SPEC sections 5 and 7); each call answers the changed Candidate. */
export const candidateContactsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.patch(
      '/candidates/:id/add_contact',
      { schema: { tags, params, body: ContactInput, response: { 200: Candidate } } },
      async (request) => {
        const caller = callerOf(request);
        const { type, value } = request.body;
        await addContact(deps.db, caller, request.params.id, { kind: type, value });
        return candidateAnswer(deps.db, caller.licenceId, request.params.id);
      },
    );

    app.patch(
      '/candidates/:id/delete_contact',
      { schema: { tags, params, body: ContactRef, response: { 200: Candidate } } },
      async (request) => {
        const caller = callerOf(request);
        const { type, value } = request.body;
        await deleteContact(deps.db, caller, request.params.id, { kind: type, value });
        return candidateAnswer(deps.db, caller.licenceId, request.params.id);
      },
    );

    app.patch(
      '/candidates/:id/set_primary_contact',
      { schema: { tags, params, body: ContactRef, response: { 200: Candidate } } },
      async (request) => {
        const caller = callerOf(request);
        const { type, value } = request.body;
        await setPrimaryContact(deps.db, caller, request.params.id, { kind: type, value });
        return candidateAnswer(deps.db, caller.licenceId, request.params.id);
      },
    );
  };
