import { ActionIcon, Badge, Group, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { Ref } from 'react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchHeaderProps {
  value: string;
  onChange: (value: string) => void;
  /** The count badge, e.g. 12 with the label 'offer(s)'. */
  count?: number;
  countLabel?: string;
  /** Shows the add button when given. */
  onAdd?: () => void;
  addLabel?: string;
  placeholder?: string;
  /** The box, for a screen that focuses it from a key (the job offer screen's `/`, issue 28). */
  inputRef?: Ref<HTMLInputElement>;
}

/** A search box with an optional add button and count badge (SPEC section 2). */
export const SearchHeader = memo(function SearchHeader({
  value,
  onChange,
  count,
  countLabel,
  onAdd,
  addLabel,
  placeholder,
  inputRef,
}: SearchHeaderProps) {
  const { t } = useTranslation();
  const searchLabel = placeholder ?? t('common.search');
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <TextInput
        flex={1}
        ref={inputRef}
        type="search"
        placeholder={searchLabel}
        aria-label={searchLabel}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {onAdd && (
        <ActionIcon size="lg" aria-label={addLabel ?? t('common.add')} onClick={onAdd}>
          <IconPlus size={18} aria-hidden />
        </ActionIcon>
      )}
      {/* Mantine's light variant turns solid with an explicit shade, hiding the text: outline keeps it readable. */}
      {count !== undefined && (
        <Badge size="lg" variant="outline" color="indigo.9">
          {countLabel ? `${count} ${countLabel}` : count}
        </Badge>
      )}
    </Group>
  );
});
