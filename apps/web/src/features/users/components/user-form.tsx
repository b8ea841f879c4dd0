import {
  Button,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Level } from '@vivier/contract';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useUnsavedChangesGuard } from '../../../shared/hooks/use-unsaved-changes-guard';
import { useAppStore } from '../../../shared/store/app-store';
import { type UserDraft, useSaveUser } from '../api/save-user';
import type { User } from '../types';
import { roleOfLabel } from './role-choice';

export interface UserFormProps {
  /** The user to edit, with their Salesforce ID merged in; left out, the form creates one. */
  user?: User;
  /** Admins edit every field; a user editing themself only their names and password (SPEC section 6). */
  asAdmin: boolean;
  onCancel: () => void;
  onSaved: () => void;
}

const draftOf = (user?: User): UserDraft => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  email: user?.email ?? '',
  password: '',
  currentPassword: '',
  role: user?.role ?? 'user',
  level: user?.level ?? 'manager',
  sfId: user?.sfId ?? '',
});

const isChanged = (a: UserDraft, b: UserDraft) =>
  (Object.keys(a) as (keyof UserDraft)[]).some((key) => a[key] !== b[key]);

/**
 * The user edit form (SPEC section 2): 'New user' or 'Editing {name}', First name, Last name, Email, Password
 * (masked), the role switcher User / Admin, for a user the level Manager / Other (docs/decisions/090), and the
 * Salesforce ID; Cancel and Create or Edit. No required-field checks (SPEC section 5): the server says what is
 * wrong, in the 'could not be saved' toast.
 */
export function UserForm({ user, asAdmin, onCancel, onSaved }: UserFormProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const initial = useMemo(() => draftOf(user), [user]);
  const [draft, setDraft] = useState(initial);
  const [closing, setClosing] = useState(false);
  const save = useSaveUser();
  const isNew = user === undefined;
  const selfId = useAppStore((state) => state.user?.claims.sub);
  // Changing one's own password or email asks for the current password (the server refuses without it).
  const asksCurrentPassword =
    user !== undefined &&
    String(user.id) === selfId &&
    (draft.password !== '' || draft.email.trim().toLowerCase() !== initial.email.toLowerCase());
  useUnsavedChangesGuard(isChanged(draft, initial) && !closing);

  const set = <K extends keyof UserDraft>(key: K, value: UserDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  /** The guard must let go before the form goes away, so the close waits for that render. */
  const close = (then: () => void) => {
    flushSync(() => setClosing(true));
    then();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ id: user?.id, draft, initialSfId: initial.sfId, asAdmin });
      close(onSaved);
    } catch {
      // toasted by the call (SPEC section 8); the form stays open with its changes
    }
  };

  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  const title = isNew
    ? t('users.form.newTitle')
    : t('users.form.editTitle', { name: fullName || t('users.form.userFallback') });

  return (
    <Paper withBorder p="md" component="form" aria-labelledby={titleId} onSubmit={(e) => void submit(e)}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('users.form.firstName')}
            value={draft.firstName}
            onChange={(event) => set('firstName', event.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label={t('users.form.lastName')}
            value={draft.lastName}
            onChange={(event) => set('lastName', event.currentTarget.value)}
          />
          <TextInput
            label={t('users.form.email')}
            type="email"
            value={draft.email}
            disabled={!asAdmin}
            onChange={(event) => set('email', event.currentTarget.value)}
          />
          <PasswordInput
            label={t('users.form.password')}
            description={isNew ? undefined : t('users.form.passwordUnchanged')}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('users.form.showPassword') }}
            value={draft.password}
            onChange={(event) => set('password', event.currentTarget.value)}
          />
          {asksCurrentPassword && (
            <PasswordInput
              label={t('auth.currentPassword')}
              description={t('auth.currentPasswordHint')}
              autoComplete="current-password"
              visibilityToggleButtonProps={{ 'aria-label': t('users.form.showPassword') }}
              value={draft.currentPassword}
              onChange={(event) => set('currentPassword', event.currentTarget.value)}
            />
          )}
        </SimpleGrid>
        <Group gap="lg" align="flex-end">
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`${titleId}-role`}>
              {t('users.form.role')}
            </Text>
            <SegmentedControl
              aria-labelledby={`${titleId}-role`}
              disabled={!asAdmin}
              value={t(`users.roles.${draft.role}`)}
              data={[t('users.roles.user'), t('users.roles.admin')]}
              onChange={(label) => set('role', roleOfLabel(label, t('users.roles.admin')))}
            />
          </Stack>
          {draft.role === 'user' && (
            <Stack gap={4}>
              <Text size="sm" fw={500} id={`${titleId}-level`}>
                {t('users.form.level')}
              </Text>
              <SegmentedControl
                aria-labelledby={`${titleId}-level`}
                disabled={!asAdmin}
                value={draft.level}
                data={(['manager', 'other'] as const).map((level) => ({
                  value: level,
                  label: t(`users.levels.${level}`),
                }))}
                onChange={(level) => set('level', level as Level)}
              />
            </Stack>
          )}
          <TextInput
            flex={1}
            miw={200}
            label={t('users.form.sfId')}
            value={draft.sfId}
            disabled={!asAdmin}
            onChange={(event) => set('sfId', event.currentTarget.value)}
          />
        </Group>
        {draft.role === 'user' && (
          <Text size="xs" c="gray.8">
            {t(`users.levelHints.${draft.level}`)}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => close(onCancel)} disabled={save.isPending}>
            {t('users.form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {isNew ? t('users.form.create') : t('users.form.edit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
