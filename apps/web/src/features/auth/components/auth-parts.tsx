import { Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../shared/widgets/logo/logo';

/**
 * The pieces every sign-in page is made of (the login modes, the reset form, the address confirmation): written
 * once so the pages keep one look (docs/decisions/165).
 */

/** The centred card with the logo and the page's title. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Center>
            <Logo size={48} />
          </Center>
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** A link that switches the login screen's mode ('Forgot your password?', 'Go back') without leaving the page. */
export function ModeLink({
  href,
  onClick,
  children,
}: {
  href: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Anchor
      href={href}
      size="sm"
      ta="center"
      onClick={(event) => {
        event.preventDefault();
        onClick();
      }}
    >
      {children}
    </Anchor>
  );
}

/** Why a form's submission failed, under its fields (SPEC section 5: shown, never toasted). */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Text role="alert" c="red.8" size="sm">
      {message}
    </Text>
  );
}

/**
 * A sign-in form: its fields, why it failed if it did, and its full-width submit button. No client-side checks
 * (SPEC section 5): the browser's are off too.
 */
export function AuthForm({
  onSubmit,
  busy,
  submitLabel,
  failure = null,
  children,
}: {
  onSubmit: () => Promise<void>;
  busy: boolean;
  submitLabel: string;
  failure?: string | null;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      noValidate
    >
      <Stack gap="sm">
        {children}
        <FormFailure message={failure} />
        <Button type="submit" loading={busy} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** The email field of the login and recovery forms. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.email')}
      type="email"
      autoComplete="username"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
