import { ESTIMATE_MESSAGES, updateEstimateSchema } from '@shared/estimates/estimate';
import { api } from '../session';
import { CheckField, Field, SchemaForm } from '../ui';
import { updateErrorText, type EstimatePanelProps } from './estimate-errors';

const stay = () => undefined;

/** Title, description and whether the article shows the estimate: the server's update schema checks them. */
export function EstimateDetails({ estimate, param, onChanged }: EstimatePanelProps) {
  return (
    <SchemaForm
      schema={updateEstimateSchema}
      defaultValues={{ title: estimate.title, description: estimate.description, isActive: estimate.isActive }}
      send={async (values) => {
        const answer = await api.call((r) => r.articles[':articleId']['race-estimates'][':estimateId'].$put({ param }), { body: values });
        onChanged(answer.data.raceEstimate);
        return answer;
      }}
      success={ESTIMATE_MESSAGES.updated}
      failureAs="toast"
      failure={(e) => updateErrorText(e, false)}
      onDone={stay}
      submitLabel="Kaydet"
      busyLabel="Kaydediliyor…"
    >
      {({ register, formState: { errors } }) => (
        <>
          <Field label="Başlık" error={errors.title?.message}>
            <input maxLength={200} {...register('title')} aria-invalid={!!errors.title} />
          </Field>
          <Field label="Açıklama" error={errors.description?.message}>
            <textarea rows={4} maxLength={5000} {...register('description')} aria-invalid={!!errors.description} />
          </Field>
          <CheckField label="Aktif (makalede gösterilir)" field={register('isActive')} />
        </>
      )}
    </SchemaForm>
  );
}
