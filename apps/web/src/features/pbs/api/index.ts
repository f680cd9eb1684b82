/** The PB calls, for other features (the share page lists PBs and toggles their visibility). */
export { pbQueryKey, pbsQueryKey } from './pb-keys';
export { getPersonalBests, usePersonalBests } from './get-personal-bests';
export { getPersonalBest, usePersonalBest } from './get-personal-best';
export { setVisibility, useSetVisibility, type SetVisibilityInput } from './set-visibility';
export { reorderPersonalBests, useReorderPersonalBests } from './reorder-personal-bests';
export { deletePersonalBest, useDeletePersonalBest } from './delete-personal-best';
export {
  savePersonalBest,
  useSavePersonalBest,
  type PbTextFields,
  type SavePersonalBestInput,
} from './save-personal-best';
export {
  PB_UPDATED_MESSAGE,
  updatePersonalBest,
  useUpdatePersonalBest,
} from './update-personal-best';
