import { CREATOR_MAX_DAYS } from '../../../../common/schemas/creators';
import { PeriodPicker as SharedPeriodPicker, type Period } from '../../../components/period-picker';

export { periodPresets, type Period } from '../../../components/period-picker';

/** The leaderboard's period: the shared picker (web/components/period-picker.tsx), at most CREATOR_MAX_DAYS. */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  return <SharedPeriodPicker value={value} onChange={onChange} maxDays={CREATOR_MAX_DAYS} />;
}
