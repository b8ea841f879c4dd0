import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { candidateAnswer } from './candidate-answer.ts';
import { addContact, deleteContact, setPrimaryContact } from './candidate-contacts.service.ts';

/** A candidate's e-mails and phones (SPEC sections 5 and 7); each call answers the changed Candidate. */
export const candidateContactsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.candidates.addContact, async (request) => {
      const caller = callerOf(request);
      const { type, value } = request.body;
      await addContact(deps.db, caller, request.params.id, { kind: type, value });
      return candidateAnswer(deps.db, caller.licenceId, request.params.id);
    });

    register(app, routes.candidates.deleteContact, async (request) => {
      const caller = callerOf(request);
      const { type, value } = request.body;
      await deleteContact(deps.db, caller, request.params.id, { kind: type, value });
      return candidateAnswer(deps.db, caller.licenceId, request.params.id);
    });

    register(app, routes.candidates.setPrimaryContact, async (request) => {
      const caller = callerOf(request);
      const { type, value } = request.body;
      await setPrimaryContact(deps.db, caller, request.params.id, { kind: type, value });
      return candidateAnswer(deps.db, caller.licenceId, request.params.id);
    });
  };
