import { TextField } from '../../../components/field';
import { EventPicker } from './event-picker';

/** What the merchant types for an endpoint (new or changed). */
export interface EndpointForm {
  url: string;
  description: string;
  eventTypes: string[];
}

/**
 * The URL, description and events of an endpoint, with the server's errors beside each (`errors` by field name, as
 * `fieldErrorsOf` gives them).
 */
export function EndpointFields({
  value,
  onChange,
  errors,
  disabled = false,
}: {
  value: EndpointForm;
  onChange: (patch: Partial<EndpointForm>) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  return (
    <div className="stack">
      <TextField
        label="Endpoint URL"
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/webhooks/merx"
        value={value.url}
        disabled={disabled}
        required
        maxLength={2000}
        onChange={(e) => onChange({ url: e.target.value })}
        error={errors.url}
        hint="The address of the app that receives the events; it must start with https://. A plain http:// address works only for this computer (localhost) while the store runs in development."
      />
      <TextField
        label="Description"
        value={value.description}
        disabled={disabled}
        maxLength={500}
        onChange={(e) => onChange({ description: e.target.value })}
        error={errors.description}
        hint="What receives them, for you and your team, e.g. “Warehouse system”. Optional."
      />
      <EventPicker
        value={value.eventTypes}
        disabled={disabled}
        onChange={(eventTypes) => onChange({ eventTypes })}
        error={errors.eventTypes ?? Object.entries(errors).find(([k]) => k.startsWith('eventTypes'))?.[1]}
      />
    </div>
  );
}

/** The request body of a form: trimmed, the description left out when empty. */
export function endpointInput(form: EndpointForm) {
  const description = form.description.trim();
  return { url: form.url.trim(), eventTypes: form.eventTypes, ...(description ? { description } : {}) };
}
