import { ActionIcon, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { paginatorItems } from './paginator-items';

export interface PaginatorProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

/** The paginator of SPEC section 2: arrows, first and last, neighbours, dots jumping to the hidden midpoint. */
export const Paginator = memo(function Paginator({ page, totalPages, onChange }: PaginatorProps) {
  const { t } = useTranslation();
  const items = paginatorItems(page, totalPages);
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('paginator.label')}>
      <Group gap={4} justify="center">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('paginator.previous')}
          disabled={page <= 1}
          onClick={() => onChange(page - 1)}
        >
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
        {items.map((item) =>
          item.type === 'dots' ? (
            <ActionIcon
              key={`dots-${item.side}`}
              variant="subtle"
              color="gray.8"
              size="lg"
              aria-label={t('paginator.jump', { page: item.page })}
              onClick={() => onChange(item.page)}
            >
              …
            </ActionIcon>
          ) : (
            <ActionIcon
              key={item.page}
              variant={item.page === page ? 'filled' : 'default'}
              size="lg"
              aria-label={t('paginator.page', { page: item.page })}
              aria-current={item.page === page ? 'page' : undefined}
              onClick={() => onChange(item.page)}
            >
              {item.page}
            </ActionIcon>
          ),
        )}
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('paginator.next')}
          disabled={page >= totalPages}
          onClick={() => onChange(page + 1)}
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </nav>
  );
});
