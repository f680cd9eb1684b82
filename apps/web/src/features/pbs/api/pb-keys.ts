/** Query keys of the PB calls. The list is `['pbs']`; one record (with its history) is `['pbs', id]`. */
export const pbsQueryKey = ['pbs'] as const;

export function pbQueryKey(id: string) {
  return ['pbs', id] as const;
}

/** Mutation keys, so a settling mutation can tell whether others of its kind are still running. */
export const setVisibilityMutationKey = ['pbs', 'set-visibility'] as const;
export const reorderMutationKey = ['pbs', 'reorder'] as const;
