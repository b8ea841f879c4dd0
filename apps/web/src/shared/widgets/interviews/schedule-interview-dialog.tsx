import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { instantToWallClock, wallClockToInstant } from '@vivier/contract/zoned-time';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmailTemplates } from '../../resources/email-templates/get-email-templates';
import type { Interview } from '../../resources/interviews/interview';
import { useRescheduleInterview, useScheduleInterview } from '../../resources/interviews/schedule-interview';
import { useLicenceUsers } from '../../resources/users/get-licence-users';
import { useAppStore } from '../../store/app-store';
import { allZones, browserZone, formatWhen } from './format-when';

type InterviewKind = Interview['kind'];
/** The contract's kinds (the web carries no zod schema). */
const INTERVIEW_KINDS: readonly InterviewKind[] = ['on_site', 'phone', 'video'];

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/**
 * "Schedule an interview" (issue 27): date, start time and duration in the organiser's zone, the candidate's
 * zone (the time shown side by side as it is typed), the kind and its place, the interviewers and a template
 * for the message. With `interview`, the same form reschedules it.
 */
export function ScheduleInterviewDialog({
  applicationId,
  candidateId,
  interview,
  onClose,
}: {
  applicationId: number;
  candidateId: number;
  interview?: Interview | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const me = useAppStore((s) => s.user?.id);
  const users = useLicenceUsers();
  const templates = useEmailTemplates();
  const schedule = useScheduleInterview(candidateId);
  const reschedule = useRescheduleInterview(candidateId);
  const zones = useMemo(allZones, []);
  const start = interview ? instantToWallClock(new Date(interview.startsAt), interview.timeZone) : undefined;
  const [date, setDate] = useState(start?.date ?? tomorrow());
  const [time, setTime] = useState(start?.time ?? '10:00');
  const [duration, setDuration] = useState<number>(interview?.durationMinutes ?? 45);
  const [zone, setZone] = useState(interview?.timeZone ?? browserZone());
  const [candidateZone, setCandidateZone] = useState(interview?.candidateTimeZone ?? browserZone());
  const [kind, setKind] = useState<InterviewKind>(interview?.kind ?? 'video');
  const [location, setLocation] = useState(interview?.location ?? '');
  const [interviewers, setInterviewers] = useState<string[]>(
    interview ? interview.interviewers.map((u) => String(u.id)) : me ? [String(me)] : [],
  );
  const [remindCandidate, setRemindCandidate] = useState(interview?.remindCandidate ?? false);
  const [templateId, setTemplateId] = useState<string | null>(
    interview?.templateId ? String(interview.templateId) : null,
  );
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time) && interviewers.length > 0;
  const forCandidate = valid
    ? formatWhen(wallClockToInstant(date, time, zone), candidateZone, i18n.language)
    : '';
  const pending = schedule.isPending || reschedule.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const body = {
      date,
      startTime: time,
      durationMinutes: duration,
      timeZone: zone,
      candidateTimeZone: candidateZone,
      kind,
      location: location.trim(),
      interviewerIds: interviewers.map(Number),
      templateId: templateId ? Number(templateId) : null,
      remindCandidate,
    };
    try {
      if (interview) await reschedule.mutateAsync({ interviewId: interview.id, interview: body });
      else await schedule.mutateAsync({ applicationId, interview: body });
      onClose();
    } catch {
      // toasted (SPEC section 8); the form stays open with what was typed
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(interview ? 'interviews.dialog.rescheduleTitle' : 'interviews.dialog.title')}
      size="lg"
    >
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label={t('interviews.dialog.date')}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              required
            />
            <TextInput
              type="time"
              label={t('interviews.dialog.time')}
              value={time}
              onChange={(e) => setTime(e.currentTarget.value)}
              required
            />
            <NumberInput
              label={t('interviews.dialog.duration')}
              value={duration}
              min={5}
              max={480}
              step={15}
              onChange={(v) => setDuration(typeof v === 'number' ? v : Number(v) || 45)}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label={t('interviews.dialog.timeZone')}
              data={zones}
              value={zone}
              onChange={(v) => v && setZone(v)}
              searchable
              allowDeselect={false}
            />
            <Select
              label={t('interviews.dialog.candidateTimeZone')}
              data={zones}
              value={candidateZone}
              onChange={(v) => v && setCandidateZone(v)}
              searchable
              allowDeselect={false}
            />
          </Group>
          {forCandidate && (
            <Text size="sm" c="gray.8" aria-live="polite">
              {t('interviews.dialog.sideBySide', { when: forCandidate })}
            </Text>
          )}
          <Group grow align="flex-start">
            <Select
              label={t('interviews.dialog.kind')}
              data={INTERVIEW_KINDS.map((k) => ({ value: k, label: t(`interviews.kinds.${k}`) }))}
              value={kind}
              onChange={(v) => v && setKind(v as InterviewKind)}
              allowDeselect={false}
            />
            <TextInput
              label={t(`interviews.dialog.location.${kind}`)}
              value={location}
              maxLength={500}
              onChange={(e) => setLocation(e.currentTarget.value)}
            />
          </Group>
          <MultiSelect
            label={t('interviews.dialog.interviewers')}
            data={(users.data ?? []).map((u) => ({
              value: String(u.id),
              label: `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.email,
            }))}
            value={interviewers}
            onChange={setInterviewers}
            searchable
            maxValues={10}
            error={interviewers.length === 0 ? t('interviews.dialog.required') : undefined}
          />
          <Select
            label={t('interviews.dialog.template')}
            placeholder={t('interviews.dialog.noTemplate')}
            data={(templates.data ?? []).map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
            value={templateId}
            onChange={setTemplateId}
            clearable
          />
          <Checkbox
            label={t('interviews.dialog.remindCandidate')}
            checked={remindCandidate}
            onChange={(e) => setRemindCandidate(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('interviews.dialog.close')}
            </Button>
            <Button type="submit" loading={pending} disabled={!valid}>
              {t('interviews.dialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
