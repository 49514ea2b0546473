import { useState } from 'react';
import type { SourceCategory } from '../../../../common/schemas/sources';
import type { PackChoice } from '../api/first-run';
import type { SourcePack } from '../api/source-packs';

/**
 * The packs ticked on the first-run screen: starts from those already on; quick picks add a
 * category across languages, or a whole language. `changes` is what the server must be told.
 */
export function usePackSelection(packs: readonly SourcePack[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(packs.filter((p) => p.enabled).map((p) => p.id)));

  function setMany(ids: readonly string[], on: boolean) {
    setChosen((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  const idsOf = (pred: (p: SourcePack) => boolean) => packs.filter(pred).map((p) => p.id);
  const allChosen = (ids: readonly string[]) => ids.length > 0 && ids.every((id) => chosen.has(id));

  const changes: PackChoice['changes'] = packs.filter((p) => p.enabled !== chosen.has(p.id)).map((p) => ({ pack: p, enabled: chosen.has(p.id) }));
  const chosenPacks = packs.filter((p) => chosen.has(p.id));

  return {
    isChosen: (id: string) => chosen.has(id),
    toggle: (id: string, on: boolean) => setMany([id], on),
    setMany,
    /** Every pack of a category ("All games press"), or all of them off when all were on. */
    toggleCategory: (category: SourceCategory) => {
      const ids = idsOf((p) => p.category === category);
      setMany(ids, !allChosen(ids));
    },
    categoryChosen: (category: SourceCategory) => allChosen(idsOf((p) => p.category === category)),
    chooseAll: (on: boolean) =>
      setMany(
        idsOf(() => true),
        on,
      ),
    changes,
    count: chosenPacks.length,
    outlets: chosenPacks.reduce((n, p) => n + p.outlets, 0),
    /** Some pack was already on when the screen opened. */
    anyWasOn: packs.some((p) => p.enabled),
  };
}

export type PackSelection = ReturnType<typeof usePackSelection>;
