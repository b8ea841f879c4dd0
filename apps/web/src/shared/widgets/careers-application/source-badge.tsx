import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { registerApplicationTexts } from './i18n';
import { sourceLabel } from './source-label';

registerApplicationTexts();

/** Where an application came from, on its candidate's row or card (issue 23); nothing for one a recruiter added. */
export function SourceBadge({ source }: { source: string | null | undefined }) {
  const { t } = useTranslation();
  if (!source) return null;
  const label = sourceLabel(source, t);
  return (
    <Badge
      size="xs"
      variant="light"
      color="teal.9"
      tt="none"
      maw="100%"
      title={t('applications.source', { source: label })}
    >
      {label}
    </Badge>
  );
}
