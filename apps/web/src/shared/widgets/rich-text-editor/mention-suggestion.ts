import type { MentionNodeAttrs } from '@tiptap/extension-mention';
import type { SuggestionOptions, SuggestionProps } from '@tiptap/suggestion';

/** Someone a note can mention: a user of the licence. */
export interface Mentionable {
  id: number;
  label: string;
}

const MAX_ITEMS = 8;

/**
 * The `@` suggestion of the note editor (TipTap's Mention extension): the users whose name starts a word with
 * what follows the `@`, in a small listbox under the caret; arrows move, Enter or a click picks, Escape closes.
 * `people()` is read at each keystroke, so users loaded after the editor are offered too.
 */
export function mentionSuggestion(
  people: () => Mentionable[],
  listLabel: string,
): Omit<SuggestionOptions<Mentionable, MentionNodeAttrs>, 'editor'> {
  return {
    items: ({ query }) => {
      const q = query.trim().toLowerCase();
      return people()
        .filter(
          (p) =>
            q === '' ||
            p.label
              .toLowerCase()
              .split(/\s+/)
              .some((w) => w.startsWith(q)) ||
            p.label.toLowerCase().startsWith(q),
        )
        .slice(0, MAX_ITEMS);
    },
    render: () => {
      let list: HTMLUListElement | null = null;
      let props: SuggestionProps<Mentionable, MentionNodeAttrs> | null = null;
      let active = 0;
      const pick = (index: number) => {
        const item = props?.items[index];
        if (item) props?.command({ id: String(item.id), label: item.label });
      };
      const draw = () => {
        if (!list || !props) return;
        list.replaceChildren(
          ...props.items.map((item, index) => {
            const option = document.createElement('li');
            option.setAttribute('role', 'option');
            option.setAttribute('aria-selected', String(index === active));
            option.textContent = item.label;
            option.className = index === active ? 'mention-option mention-option-active' : 'mention-option';
            option.addEventListener('mousedown', (event) => {
              event.preventDefault();
              pick(index);
            });
            return option;
          }),
        );
        list.hidden = props.items.length === 0;
        const rect = props.clientRect?.();
        if (rect) {
          list.style.left = `${rect.left + window.scrollX}px`;
          list.style.top = `${rect.bottom + window.scrollY + 4}px`;
        }
      };
      return {
        onStart: (start) => {
          props = start;
          active = 0;
          list = document.createElement('ul');
          list.setAttribute('role', 'listbox');
          list.setAttribute('aria-label', listLabel);
          list.className = 'mention-list';
          Object.assign(list.style, {
            position: 'absolute',
            zIndex: '1000',
            listStyle: 'none',
            margin: '0',
            padding: '4px',
            background: 'var(--mantine-color-body, #fff)',
            border: '1px solid var(--mantine-color-gray-4, #ced4da)',
            borderRadius: '4px',
            boxShadow: '0 2px 8px rgba(0,0,0,.15)',
          });
          document.body.append(list);
          draw();
        },
        onUpdate: (update) => {
          props = update;
          active = Math.min(active, Math.max(0, update.items.length - 1));
          draw();
        },
        onKeyDown: ({ event }) => {
          if (!props || props.items.length === 0) return false;
          if (event.key === 'ArrowDown') active = (active + 1) % props.items.length;
          else if (event.key === 'ArrowUp') active = (active - 1 + props.items.length) % props.items.length;
          else if (event.key === 'Enter' || event.key === 'Tab') {
            pick(active);
            return true;
          } else if (event.key === 'Escape') {
            if (list) list.hidden = true;
            return true;
          } else return false;
          draw();
          return true;
        },
        onExit: () => {
          list?.remove();
          list = null;
          props = null;
        },
      };
    },
  };
}
