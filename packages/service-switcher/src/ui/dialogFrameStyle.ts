import { useSyncExternalStore, type CSSProperties } from 'react';

/** The dialog's name (SW-2.4), given to its frame. */
export const DIALOG_NAME = 'app-switcher-dialog';
/** The dialog's size in CSS pixels (SW-2.4). */
export const DIALOG_SIZE = { width: 903, height: 520 } as const;

/** A window narrower or lower than the dialog: the dialog becomes a sheet (decision 0900). */
const SHEET_QUERY = `(max-width: ${DIALOG_SIZE.width - 0.02}px), (max-height: ${DIALOG_SIZE.height - 0.02}px)`;
const sheetQuery = () => (typeof matchMedia === 'function' ? matchMedia(SHEET_QUERY) : undefined);
const onSheetChange = (changed: () => void) => {
  const query = sheetQuery();
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
};
const isSheet = () => sheetQuery()?.matches ?? false;

const frameStyle: CSSProperties = {
  width: DIALOG_SIZE.width,
  height: DIALOG_SIZE.height,
  maxWidth: '100vw',
  maxHeight: '100vh',
  padding: 0,
  border: 0,
  borderRadius: 8,
  overflow: 'hidden',
  boxSizing: 'border-box',
};
/** The whole viewport; header and footer stay in it, the cards scroll between them. */
const sheetStyle: CSSProperties = {
  ...frameStyle,
  width: '100%',
  height: '100%',
  maxWidth: 'none',
  maxHeight: 'none',
  borderRadius: 0,
};

/** The dialog element's style: 903 x 520, or a sheet filling a window where that does not fit. */
export function useDialogFrameStyle(): CSSProperties {
  const sheet = useSyncExternalStore(onSheetChange, isSheet, () => false);
  return sheet ? sheetStyle : frameStyle;
}
