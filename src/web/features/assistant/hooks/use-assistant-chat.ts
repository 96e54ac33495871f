import { useCallback, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { BRAND } from "@domain";
import { chatFailureToast } from "../lib/assistant-messages";
import type { ChatCompletionInput, ChatCompletionResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** POST /api/functions/chat-completion (spec §7): the assistant's reply, links written [Title](/path). */
export function chatCompletion(input: ChatCompletionInput, signal?: AbortSignal): Promise<ChatCompletionResult> {
  return apiRequest("/api/functions/chat-completion", { method: "POST", json: input, signal });
}

/** spec §3 Chat message. */
export interface ChatMessage {
  id: string;
  type: "user" | "assistant";
  content: string;
  timestamp: Date;
}

let nextId = 0;
function message(type: ChatMessage["type"], content: string): ChatMessage {
  nextId += 1;
  return { id: `m${nextId}`, type, content, timestamp: new Date() };
}

const GREETING = `Hi! I'm the ${BRAND.name} assistant. Ask me what's on near you, or about tickets, refunds and fees. Type below, or press the microphone and talk.`;

/** The conversation: blank text is ignored and one message is answered at a time (spec §5 Chat). */
export function useAssistantChat() {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [message("assistant", GREETING)]);
  const [processing, setProcessing] = useState(false);
  const busy = useRef(false);

  /** Sends a message; resolves with the reply, or null when ignored or failed (the toast has said why). */
  const send = useCallback(async (text: string): Promise<string | null> => {
    const content = text.trim();
    if (!content || busy.current) return null;
    busy.current = true;
    setProcessing(true);
    setMessages((current) => [...current, message("user", content)]);
    try {
      const { reply } = await chatCompletion({ message: content });
      setMessages((current) => [...current, message("assistant", reply)]);
      return reply;
    } catch (error) {
      const { title, description } = chatFailureToast(error);
      toast.error(title, { description });
      return null;
    } finally {
      busy.current = false;
      setProcessing(false);
    }
  }, []);

  return { messages, processing, send, hasConversation: messages.length > 1 };
}
