import { Text } from '@mantine/core';
import { dateTimeFormat } from '../../i18n/intl-formats';
import { relativeTime } from './relative-time';

/** What `toLocaleString` shows (day and time to the second), from a formatter built once. */
const FULL_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** A time of the activity: relative to now ("2 days ago"), the full time in its title. */
export function When({ at, language }: { at: string; language: string }) {
  return (
    <Text
      component="time"
      dateTime={at}
      size="xs"
      c="gray.7"
      title={dateTimeFormat(language, FULL_TIME).format(new Date(at))}
    >
      {relativeTime(at, language)}
    </Text>
  );
}
