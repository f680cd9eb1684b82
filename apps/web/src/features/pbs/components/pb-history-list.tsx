import { recordText, setsRepsText, type PbRecord, type PersonalBest } from '@pbshare/shared';
import { History, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';

/**
 * The exercise's other records, newest first, each with edit and delete (docs/PRODUCT.md §2): the
 * older bests, and newer attempts that did not beat the headline.
 */
export function PbHistoryList({
  pb,
  onDelete,
}: {
  pb: PersonalBest;
  onDelete: (record: PbRecord) => void;
}) {
  const iconButton =
    'inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground';

  return (
    <section aria-label="History" className="border-t border-border pt-5">
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        <History className="size-4 text-muted-foreground" aria-hidden="true" />
        History
      </h4>
      {pb.personalBestHistory.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          None yet. Beat this one and it moves here.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
          {pb.personalBestHistory.map((record) => {
            const setsReps = setsRepsText(record.sets, record.reps);
            return (
              <li
                key={record.id}
                data-testid="pb-history-entry"
                className="flex items-center gap-3 py-2 pr-1.5 pl-4"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{recordText(record)}</p>
                  <p className="text-xs text-muted-foreground">
                    {record.date}
                    {setsReps ? ` · ${setsReps}` : ''}
                  </p>
                </div>
                <Link
                  to={`/edit-pb/${record.id}`}
                  aria-label={`Edit the ${record.displayValue} from ${record.date}`}
                  className={iconButton}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                </Link>
                <button
                  type="button"
                  aria-label={`Delete the ${record.displayValue} from ${record.date}`}
                  onClick={() => {
                    onDelete(record);
                  }}
                  className={`${iconButton} hover:bg-destructive-soft hover:text-destructive-hover`}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
