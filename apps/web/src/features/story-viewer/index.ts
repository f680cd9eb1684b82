// What other features may use of this one; its other files are its own.
export { formatStoryDate, storyOwnerName } from './story-format';
export { StoryPage } from './story-page';
export { StoryViewer } from './story-viewer';
