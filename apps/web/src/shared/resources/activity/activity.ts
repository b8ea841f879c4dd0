import type {
  CandidateEventKind,
  CandidateEvent as WireCandidateEvent,
  Note as WireNote,
  Notification as WireNotification,
  RecordedEmailContent as WireRecordedEmailContent,
  RejectionReason as WireRejectionReason,
} from '@vivier/contract';
import type { Camelize } from '../../api/case';

/** One event of a candidate's timeline (issue 21); `data` depends on `kind` (contract: activity.ts). */
export type CandidateEvent = Camelize<WireCandidateEvent>;
export type { CandidateEventKind };
/** A note on a candidate. */
export type Note = Camelize<WireNote>;
/** An in-app notification of the signed-in user. */
export type AppNotification = Camelize<WireNotification>;
export type RejectionReason = Camelize<WireRejectionReason>;
export type RecordedEmailContent = Camelize<WireRecordedEmailContent>;

/** Cache keys of a candidate's activity, the user's notifications and the licence's rejection reasons. */
export const activityKeys = {
  all: ['activity'] as const,
  candidate: (candidateId: number) => [...activityKeys.all, 'candidate', candidateId] as const,
  timeline: (candidateId: number, params: object) =>
    [...activityKeys.candidate(candidateId), 'timeline', params] as const,
  notes: (candidateId: number, params: object) =>
    [...activityKeys.candidate(candidateId), 'notes', params] as const,
  email: (candidateId: number, emailId: number) =>
    [...activityKeys.candidate(candidateId), 'email', emailId] as const,
  notifications: () => [...activityKeys.all, 'notifications'] as const,
  rejectionReasons: () => [...activityKeys.all, 'rejection-reasons'] as const,
};
