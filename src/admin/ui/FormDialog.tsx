import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { DialogActions, Dialog } from './Dialog';
import { useIntentKey, type IntentKey } from './intent-key';

/** What `send` gets besides the parsed values. */
export interface FormDialogContext<In extends FieldValues, Out> {
  /** The dialog's Idempotency-Key holder, for actions the API may apply twice (`postIntent`). */
  intent: IntentKey;
  form: UseFormReturn<In, unknown, Out>;
}

/** A form over the server's schema: what a dialog and an inline panel (a dialog's tab) share. */
export interface SchemaFormProps<In extends FieldValues, Out> {
  /** The server's request schema (one zod schema per entity): the form checks what the API checks. */
  schema: z.ZodType<Out, In>;
  // NoInfer: `In` comes from the schema alone; a partial default (a new record) must not narrow it.
  defaultValues: DefaultValues<NoInfer<In>>;
  /** Sends the parsed values; a thrown error keeps the form as it is. */
  send: (values: Out, context: FormDialogContext<In, Out>) => Promise<{ message?: string } | void>;
  /** The success toast when the answer carries no message of its own. */
  success: string;
  onDone: () => void;
  /**
   * Where a failure is shown: in the form (default, spec 002 §4 for the VIP dialogs) or as a toast
   * (the settings screens of spec 002 §8), with `failure`'s text (default: the server's message).
   */
  failureAs?: 'alert' | 'toast';
  failure?: (error: Error) => string;
  submitLabel: string;
  /** The submit button's text while the request runs (default: `submitLabel`). */
  busyLabel?: string;
  danger?: boolean;
  /** Whether the submit button is enabled for the current values (a required reason not yet typed). */
  ready?: (values: In) => boolean;
  children: (form: UseFormReturn<In, unknown, Out>) => ReactNode;
}

export interface FormDialogProps<In extends FieldValues, Out> extends SchemaFormProps<In, Out> {
  label: string;
  wide?: boolean;
  onClose: () => void;
}

/** The submit flow both forms share: parse, send once at a time, toast, or show the failure. */
function useSchemaForm<In extends FieldValues, Out>({ schema, defaultValues, send, success, onDone, failureAs = 'alert', failure, ready }: SchemaFormProps<In, Out>) {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues });
  const intent = useIntentKey();
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await send(values, { intent, form });
      toast.success((answer && answer.message) || success);
      onDone();
    } catch (e) {
      const text = failure ? failure(e as Error) : (e as Error).message;
      if (failureAs === 'toast') toast.error(text);
      else setError(text);
    }
  });
  // watch() only when needed: it re-renders the form on every keystroke.
  const enabled = ready ? ready(form.watch()) : true;
  return { form, submit, error, enabled, busy: form.formState.isSubmitting };
}

function FormBody<In extends FieldValues, Out>({ state, props, cancel }: { state: ReturnType<typeof useSchemaForm<In, Out>>; props: SchemaFormProps<In, Out>; cancel?: () => void }) {
  const { submitLabel, busyLabel, danger, children } = props;
  const button = (
    <button type="submit" className={`a-btn a-btn-primary ${danger ? 'a-btn-danger-fill' : ''}`} disabled={!state.enabled || state.busy}>
      {state.busy ? (busyLabel ?? submitLabel) : submitLabel}
    </button>
  );
  return (
    <>
      {children(state.form)}
      {state.error && (
        <p className="a-alert a-alert-error" role="alert">
          {state.error}
        </p>
      )}
      {cancel ? <DialogActions onCancel={cancel}>{button}</DialogActions> : <div className="a-modal-actions">{button}</div>}
    </>
  );
}

/**
 * The staff panel's one form dialog: a form over the server's schema, its fields (`children`), an
 * error alert, Vazgeç and a submit button that shows it is busy. Success toasts and calls `onDone`.
 */
export function FormDialog<In extends FieldValues, Out>({ label, wide, onClose, ...props }: FormDialogProps<In, Out>) {
  const state = useSchemaForm(props);
  return (
    <Dialog label={label} wide={wide} onClose={onClose} onSubmit={state.submit}>
      <div className="a-form">
        <FormBody state={state} props={props} cancel={onClose} />
      </div>
    </Dialog>
  );
}

/** The same form inside a page or a dialog's tab: no frame, no Vazgeç; it stays after a save. */
export function SchemaForm<In extends FieldValues, Out>(props: SchemaFormProps<In, Out>) {
  const state = useSchemaForm(props);
  return (
    <form className="a-form" onSubmit={state.submit} noValidate>
      <FormBody state={state} props={props} />
    </form>
  );
}
