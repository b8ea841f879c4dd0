import { z } from 'zod';
import {
  Note,
  NoteInput,
  NoteListQuery,
  NotePatch,
  NotificationList,
  NotificationListQuery,
  NotificationsRead,
  RejectionReason,
  RejectionReasonsInput,
  TimelinePage,
  TimelineQuery,
} from '../activity.ts';
import { dataOf, Id, IdParams, listOf, NoContent } from '../common.ts';
import { RecordedEmailContent } from '../email-sending.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** A candidate's timeline and the body of a mail sent to them (issue 21). */
export const activity = group(at.activity, ['activity'], {
  timeline: {
    params: IdParams,
    query: TimelineQuery,
    responses: { 200: TimelinePage },
    errors: ['not_found'],
    summary: "A candidate's timeline, newest first, a page at a time (keyset: `before`)",
  },
  email: {
    params: z.object({ id: Id, emailId: Id }),
    responses: { 200: RecordedEmailContent },
    errors: ['not_found'],
    summary: 'One email sent to a candidate, with its body',
  },
});

/** Notes on a candidate (issue 21). */
export const notes = group(at.notes, ['notes'], {
  list: {
    params: IdParams,
    query: NoteListQuery,
    responses: { 200: listOf(Note) },
    errors: ['not_found'],
    summary: "A candidate's notes, newest first",
  },
  create: {
    params: IdParams,
    body: NoteInput,
    responses: { 201: Note },
    errors: ['not_found', 'invalid_reference'],
    summary: 'Add a note to a candidate (mentioned users are notified)',
  },
  update: {
    params: IdParams,
    body: NotePatch,
    responses: { 200: Note },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    summary: 'Change a note (its author or an admin)',
  },
  remove: {
    params: IdParams,
    responses: { 204: NoContent },
    errors: ['not_found', 'forbidden'],
    summary: 'Delete a note (its author or an admin)',
  },
});

/** The caller's in-app notifications (issue 21). */
export const notifications = group(at.notifications, ['notifications'], {
  list: {
    query: NotificationListQuery,
    responses: { 200: NotificationList },
    summary: "The caller's notifications, newest first, with the unread count",
  },
  read: {
    params: IdParams,
    responses: { 200: NotificationsRead },
    errors: ['not_found'],
    summary: 'Mark one notification read',
  },
  readAll: {
    responses: { 200: NotificationsRead },
    summary: "Mark all the caller's notifications read",
  },
});

/** The licence's rejection reasons (issue 21). */
export const rejectionReasons = group(at.rejectionReasons, ['rejection reasons'], {
  list: {
    responses: { 200: dataOf(RejectionReason) },
    summary: "The licence's rejection reasons, in order",
  },
  save: {
    body: RejectionReasonsInput,
    responses: { 200: dataOf(RejectionReason) },
    errors: ['forbidden'],
    summary: "Replace the licence's rejection reasons (admins)",
  },
});
