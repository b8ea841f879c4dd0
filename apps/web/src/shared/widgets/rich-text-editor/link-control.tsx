import { Button, Group, Popover, TextInput } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileHref } from '../social-row/social-row';

/**
 * Our own link control: Mantine's has an "open in new tab" toggle without an accessible name, which axe reports
 * as critical (DESIGN section 2). Links are http(s) only.
 */
export function LinkControl() {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');

  const open = () => {
    const current = editor?.getAttributes('link').href;
    setUrl(typeof current === 'string' ? current : '');
    setOpened(true);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const href = profileHref(url);
    const chain = editor?.chain().focus().extendMarkRange('link');
    if (href) chain?.setLink({ href }).run();
    else chain?.unsetLink().run();
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow shadow="md" position="bottom">
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={t('editor.link')}
          title={t('editor.link')}
          active={editor?.isActive('link') ?? false}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <IconLink size={16} aria-hidden />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={save} noValidate>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              size="xs"
              type="url"
              label={t('editor.linkUrl')}
              placeholder="https://"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              data-autofocus
            />
            <Button size="xs" type="submit">
              {t('editor.linkSave')}
            </Button>
            <Button
              size="xs"
              variant="default"
              aria-label={t('editor.unlink')}
              title={t('editor.unlink')}
              onClick={() => {
                editor?.chain().focus().extendMarkRange('link').unsetLink().run();
                setOpened(false);
              }}
            >
              <IconUnlink size={14} aria-hidden />
            </Button>
          </Group>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
