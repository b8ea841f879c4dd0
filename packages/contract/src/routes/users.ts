import { dataOf, IdParams, listOf, NoContent } from '../common.ts';
import { Licence, LicenceStats, LicenceUser } from '../licence.ts';
import { Setting, SettingList, SettingPatchBody } from '../settings.ts';
import { ProviderTokenHeaders, Signature, SignatureInput } from '../signature.ts';
import {
  ClientData,
  ClientDataBody,
  ClientDataListQuery,
  User,
  UserCreateBody,
  UserListQuery,
  UserPatchBody,
} from '../users.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

const tags = ['users'];

/** The users service (SPEC section 7: POST /users; GET /users/; GET, PATCH, DELETE /users/{id}; GET /users/me). */
export const users = group(at.users, tags, {
  me: {
    responses: { 200: User },
    errors: ['not_found'],
    summary: 'The signed-in user',
  },
  list: {
    query: UserListQuery,
    responses: { 200: listOf(User) },
    summary: "The licence's users, a page at a time",
  },
  get: {
    params: IdParams,
    responses: { 200: User },
    errors: ['not_found'],
    summary: 'One user of the licence',
  },
  create: {
    body: UserCreateBody,
    responses: { 201: User },
    errors: ['forbidden', 'conflict'],
    summary: 'Create a user of the licence (admins)',
  },
  update: {
    params: IdParams,
    body: UserPatchBody,
    responses: { 200: User },
    errors: ['not_found', 'forbidden', 'conflict', 'last_admin', 'current_password_required'],
    summary: 'Change a user (admins, or oneself within what a user may change)',
  },
  remove: {
    params: IdParams,
    responses: { 204: NoContent },
    errors: ['not_found', 'forbidden', 'last_admin'],
    summary: 'Delete a user; their job offers pass to the deleting admin',
  },
});

/** The client-data service: one record per user (SPEC section 7, perPage 100 on fetch). */
export const clientData = group(at.clientData, tags, {
  list: {
    query: ClientDataListQuery,
    responses: { 200: listOf(ClientData) },
    summary: "The users' client data, a page at a time",
  },
  save: {
    params: IdParams,
    body: ClientDataBody,
    responses: { 200: ClientData },
    errors: ['not_found', 'forbidden'],
    summary: "Save a user's client data (admins)",
  },
});

/** The signed-in user's email signature (SPEC sections 2 and 7). */
export const signature = group(at.signature, tags, {
  get: {
    headers: ProviderTokenHeaders,
    responses: { 200: Signature },
    errors: ['not_found'],
    summary: "The signature: the mail provider's when it has one, else the stored one",
  },
  save: {
    body: SignatureInput,
    responses: { 200: Signature },
    errors: ['not_found'],
    summary: 'Store the signature (sanitised)',
  },
});

/** The licence service (SPEC section 7: GET /license, /license/users, /license/stats). */
export const licence = group(at.licence, ['license'], {
  get: {
    responses: { 200: Licence },
    errors: ['not_found'],
    summary: "The caller's licence, its credits and where its data lives",
  },
  users: {
    responses: { 200: dataOf(LicenceUser) },
    summary: "The licence's users with the credits each spent",
  },
  stats: {
    responses: { 200: LicenceStats },
    errors: ['not_found'],
    summary: 'Credits spent, by user and by period',
  },
});

/** Global settings (SPEC section 7: GET /settings; PATCH /settings/{id}). */
export const settings = group(at.settings, ['settings'], {
  list: {
    responses: { 200: SettingList },
    summary: "The licence's global settings",
  },
  update: {
    params: IdParams,
    body: SettingPatchBody,
    responses: { 200: Setting },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    summary: 'Change a global setting (admins)',
  },
});
