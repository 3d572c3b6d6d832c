import type { FormModalProps } from '../../engine/form/types';
import type { AlertForm } from '../../schemas/alert-form';
import { IMPACT_SETTINGS } from '../../schemas/alert-impact';
import { alertType } from '../../screens/trip-replay/track';
import { ImpactPreviewModal, notComputed } from './ImpactPreview';

/** The alert form's 'Preview impact': the form's alert as it would be saved (filled fields only). */
export default function FormImpact({ formData, ctx, onClose }: FormModalProps<AlertForm>) {
  const values = Object.fromEntries(
    Object.entries(formData).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
  const name = typeof formData.Alert_Name === 'string' ? formData.Alert_Name : '';
  return (
    <ImpactPreviewModal
      title={`Preview impact${name ? `: ${alertType(name).label}` : ''}`}
      proposal={{ rows: [{ values }] }}
      blocked={name && !IMPACT_SETTINGS[name] ? notComputed(alertType(name).label) : undefined}
      scope={ctx.scope}
      onClose={onClose}
    />
  );
}
