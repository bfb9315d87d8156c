// What other features may use of personalization (custom instructions and memory).
export { RememberButton } from './components/remember-button';
export { MemoryUpdatedMarker } from './components/memory-updated-marker';
export { ChatPersonalizationToggle } from './components/chat-personalization-toggle';
export { CharCounter } from './components/char-counter';
export {
  createMemory,
  deleteMemory,
  memoriesKey,
  personalizationKey,
  updateMemory,
  updatePersonalization,
} from './api/personalization-api';
export { useMemories, usePersonalization } from './api/use-personalization';
