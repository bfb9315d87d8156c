// The server renders shared chats with the same conversion, so it lives in the contract.
export { CODE_SPANS, normalizeMathDelimiters } from '@parallax/contract';
