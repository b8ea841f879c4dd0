// The interviews' forms in ONE lazy chunk (the dialog and the scorecards): each Mantine input they use is then
// shared by one chunk fewer, and stays out of the first pages' `ui` chunk (vite.config.ts, decision 084).
export { InterviewScorecardsPanel } from './interview-scorecards';
export { ScheduleInterviewDialog } from './schedule-interview-dialog';
