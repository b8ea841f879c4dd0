import { Combobox, TextInput, useCombobox } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { useCanCreate } from '../../resources/settings/creation-rule';
import { useCreateTag } from '../../resources/tags/create-tag';
import { useTags } from '../../resources/tags/get-tags';
import type { Tag } from '../../resources/tags/tag';
import { canCreateTag, exactTagForEnter, searchTags } from './tag-rules';

const CREATE = '$create';

export interface TagSearchProps {
  /** The tags already on the offer (or the candidate): the search leaves them out. */
  onOffer: Tag[];
  onAdd: (tag: Tag) => Promise<void>;
  /** 'Select a tag or type to search...' */
  placeholder: string;
  /** 'Create and add tag: {text}' */
  createLabel: (text: string) => string;
}

/**
 * The box a tag area's '+' control opens: 'Select a tag or type to search...' (SPEC sections 2 and 5), on the
 * job offer form and on a candidate. Enter adds only a
 * tag of exactly the typed name; 'Create and add tag: {text}' creates it first, offered only when the licence's
 * `tags_rule` lets this user create tags. Tag errors are silent.
 */
export function TagSearch({ onOffer, onAdd, placeholder, createLabel }: TagSearchProps) {
  const [text, setText] = useState('');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const tags = useTags(true);
  const create = useCreateTag();
  const mayCreate = useCanCreate('tag');
  const allTags = tags.data ?? [];
  const matches = searchTags(allTags, onOffer, text);
  const offerCreation = tags.isSuccess && mayCreate && canCreateTag(allTags, text);

  const add = async (tag: Tag) => {
    setText('');
    combobox.resetSelectedOption();
    await onAdd(tag);
  };

  const choose = async (value: string) => {
    if (value !== CREATE) {
      const tag = matches.find((item) => String(item.id) === value);
      if (tag) await add(tag);
      return;
    }
    const name = text.trim();
    if (name === '') return;
    try {
      await add(await create.mutateAsync(name));
    } catch {
      // silent (SPEC section 8)
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // An option picked with the arrow keys is the combobox's to submit.
    if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
    event.preventDefault();
    const exact = exactTagForEnter(allTags, onOffer, text);
    if (exact) void add(exact);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={(value) => void choose(value)}>
      <Combobox.Target>
        <TextInput
          size="sm"
          aria-label={placeholder}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onKeyDown={onKeyDown}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          disabled={create.isPending}
          autoFocus
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={matches.length === 0 && !offerCreation}>
        <Combobox.Options>
          {matches.map((tag) => (
            <Combobox.Option value={String(tag.id)} key={tag.id}>
              {tag.name}
            </Combobox.Option>
          ))}
          {offerCreation && <Combobox.Option value={CREATE}>{createLabel(text.trim())}</Combobox.Option>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
