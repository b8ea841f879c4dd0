import { Button, Menu } from '@mantine/core';
import { IconBraces, IconChevronDown } from '@tabler/icons-react';
import { TEMPLATE_VARIABLES, type TemplateVariableName } from '@vivier/contract/template-variables';
import { useTranslation } from 'react-i18next';

/** The token a variable is written as in a template (SPEC section 3): `[:first_name:]`. */
export const variableToken = (name: TemplateVariableName) => `[:${name}:]`;

/** The 'Variables' menu (SPEC section 2): each item inserts its placeholder where the person was typing. */
export function VariablesMenu({ onInsert }: { onInsert: (token: string) => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconBraces size={14} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {t('emailTemplates.variables')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {TEMPLATE_VARIABLES.map((name) => (
          <Menu.Item
            key={name}
            aria-label={t('emailTemplates.insertVariable', { name: t(`emailTemplates.variable.${name}`) })}
            rightSection={<code>{variableToken(name)}</code>}
            onClick={() => onInsert(variableToken(name))}
          >
            {t(`emailTemplates.variable.${name}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
