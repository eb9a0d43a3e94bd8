// The parts of edit mode on the public site, one chunk that only an admin
// in edit mode downloads: the edit bar, the controls that choose a page's
// pictures, and the editor of records' fields in place.
export { EditToolbar } from './edit-toolbar';
export { ImageSlotControls } from './image-slot-controls';
export { RecordEditor } from './record-editor';
