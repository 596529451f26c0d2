import { TIME_ENTRY } from '@reformer/domain/date-entry';
import { V } from '@reformer/domain/validation';
import { EntryField, type EntryFieldProps, type EntryKind } from './entry-field.tsx';

const TIME_KIND: EntryKind = {
  format: TIME_ENTRY,
  placeholderKey: 'forms.timeEntry.placeholder',
  // en_US times take an a or p for AM/PM, which a phone's numeric keypad does not have.
  inputMode: (language) => (language === 'en_US' ? 'text' : 'numeric'),
  unreadable: { type: 'format', message: V.time },
};

/** A wall-clock time "HH:mm" typed as the app's language writes it: 19:30 in pt_BR, 7:30 PM in en_US. */
export function TimeField(props: EntryFieldProps) {
  return <EntryField kind={TIME_KIND} {...props} />;
}
