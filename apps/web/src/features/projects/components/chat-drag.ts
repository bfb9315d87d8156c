import { useState, type DragEvent } from 'react';

/** The drag data type of a chat (its id), set by chat rows and read by project drop targets. */
export const CHAT_DRAG_TYPE = 'application/x-parallax-chat';

/** Makes an element a drag source for one chat. */
export function chatDragSource(conversationId: string) {
  return {
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.setData(CHAT_DRAG_TYPE, conversationId);
      event.dataTransfer.effectAllowed = 'move';
    },
  };
}

/** Makes an element accept a dropped chat; `over` is true while one hovers above it. */
export function useChatDropTarget(onDropChat: (conversationId: string) => void) {
  const [over, setOver] = useState(false);
  const carriesChat = (event: DragEvent) => event.dataTransfer.types.includes(CHAT_DRAG_TYPE);
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!carriesChat(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false);
        const id = event.dataTransfer.getData(CHAT_DRAG_TYPE);
        if (!id) return;
        event.preventDefault();
        onDropChat(id);
      },
    },
  };
}
