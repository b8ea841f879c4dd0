import { Badge, CloseButton, Combobox, Pill, PillsInput, useCombobox } from '@mantine/core';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTags } from '../../../shared/resources/tags/get-tags';
import { canNegate, nextStep, type TagElement, type TagOperator } from './tag-expression';

/** How many tags the dropdown lists for one search. */
const TAG_OPTIONS = 50;

export interface TagSearchBoxProps {
  elements: TagElement[];
  onChange: (elements: TagElement[]) => void;
}

/**
 * The candidate database's tag search box (SPEC section 4, "Tag search"): it alternates between a tag (typed
 * to search the licence's tags) and an operator (AND, OR, NOT); NOT may also precede a tag. Backspace on an
 * empty input removes the last element. Whether the search fires is the screen's call (tag-expression.ts).
 */
export function TagSearchBox({ elements, onChange }: TagSearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const tags = useTags(true);
  const step = nextStep(elements);
  const typed = text.trim().toLowerCase();
  const label = (operator: TagOperator) => t(`candidates.tags.${operator}`);

  const operators: TagOperator[] =
    step === 'operator' ? ['and', 'or', 'not'] : canNegate(elements) ? ['not'] : [];
  const operatorOptions = operators.filter(
    (operator) =>
      typed === '' || label(operator).toLowerCase().startsWith(typed) || operator.startsWith(typed),
  );
  const chosen = new Set(elements.flatMap((e) => (e.kind === 'tag' ? [e.id] : [])));
  const tagOptions =
    step === 'tag'
      ? (tags.data ?? [])
          .filter((tag) => !chosen.has(tag.id) && tag.name.toLowerCase().includes(typed))
          .slice(0, TAG_OPTIONS)
      : [];

  // Enter takes the first option that fits what was typed ('a' + Enter is AND).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the typed text or the step changes
  useEffect(() => {
    if (text !== '') combobox.selectFirstOption();
  }, [text, step]);

  const choose = (value: string) => {
    setText('');
    combobox.resetSelectedOption();
    if (value.startsWith('op:')) {
      onChange([...elements, { kind: 'operator', operator: value.slice(3) as TagOperator }]);
      return;
    }
    const tag = tagOptions.find((item) => `tag:${item.id}` === value);
    if (tag) onChange([...elements, { kind: 'tag', id: tag.id, name: tag.name }]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && text === '' && elements.length > 0) {
      event.preventDefault();
      onChange(elements.slice(0, -1));
    }
  };

  const empty = operatorOptions.length === 0 && tagOptions.length === 0;
  return (
    <Combobox store={combobox} onOptionSubmit={choose}>
      <Combobox.DropdownTarget>
        <PillsInput
          label={t('candidates.tags.label')}
          onClick={() => combobox.openDropdown()}
          rightSection={
            elements.length > 0 ? (
              <CloseButton
                size="sm"
                aria-label={t('candidates.tags.clear')}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onChange([])}
              />
            ) : null
          }
        >
          <Pill.Group>
            {elements.map((element, index) =>
              element.kind === 'tag' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: elements have no identity beyond their place
                <Pill key={index}>{element.name}</Pill>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: elements have no identity beyond their place
                <Badge key={index} variant="outline" color="indigo.9" radius="sm">
                  {label(element.operator)}
                </Badge>
              ),
            )}
            <Combobox.EventsTarget>
              <PillsInput.Field
                aria-label={t('candidates.tags.label')}
                placeholder={
                  step === 'tag'
                    ? t('candidates.tags.placeholderTag')
                    : t('candidates.tags.placeholderOperator')
                }
                value={text}
                onChange={(event) => {
                  setText(event.currentTarget.value);
                  combobox.openDropdown();
                }}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onKeyDown={onKeyDown}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options>
          {operatorOptions.map((operator) => (
            <Combobox.Option value={`op:${operator}`} key={operator}>
              {label(operator)}
            </Combobox.Option>
          ))}
          {tagOptions.map((tag) => (
            <Combobox.Option value={`tag:${tag.id}`} key={tag.id}>
              {tag.name}
            </Combobox.Option>
          ))}
          {empty && <Combobox.Empty>{t('candidates.tags.noTag')}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
