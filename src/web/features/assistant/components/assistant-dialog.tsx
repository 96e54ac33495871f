import { Bot, Loader2, Mic, Send, Square, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { CHAT_MESSAGE_MAX_LENGTH, formatEventTime } from "@domain";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { cn } from "~/lib/cn";
import { closeAssistant, takeReturnFocus, useAssistantOpen } from "../assistant-store";
import { useAssistantChat, type ChatMessage } from "../hooks/use-assistant-chat";
import { useReplySpeaker } from "../hooks/use-reply-speaker";
import { useVoiceInput } from "../hooks/use-voice-input";
import { useVoiceRoute } from "../hooks/use-voice-route";
import { MessageContent } from "./message-content";
import { MicrophoneHelpPanel } from "./microphone-help-panel";

const SUGGESTIONS = ["Free events this month", "Comedy in London this weekend", "How do I get a refund?"];

function MessageBubble({ message }: { message: ChatMessage }) {
  const isUser = message.type === "user";
  return (
    <li className={cn("flex flex-col", isUser ? "items-end" : "items-start")}>
      <div
        className={cn(
          "max-w-[88%] rounded-2xl px-4 py-2.5 text-sm leading-relaxed",
          isUser ? "rounded-br-md bg-brand-600 text-white" : "rounded-bl-md bg-surface text-ink ring-1 ring-border",
        )}
      >
        <span className="sr-only">{isUser ? "You said: " : "Assistant said: "}</span>
        {isUser ? <p className="whitespace-pre-line break-words">{message.content}</p> : <MessageContent content={message.content} onNavigate={closeAssistant} />}
      </div>
      <time dateTime={message.timestamp.toISOString()} className="mt-1 px-1 text-xs text-muted">
        {formatEventTime(message.timestamp)}
      </time>
    </li>
  );
}

function Thinking() {
  return (
    <div className="flex items-center gap-2 text-sm text-muted" role="status">
      <span className="flex gap-1 rounded-2xl rounded-bl-md bg-surface px-4 py-3 ring-1 ring-border" aria-hidden="true">
        {[0, 150, 300].map((delay) => (
          <span key={delay} className="size-1.5 animate-bounce rounded-full bg-brand-400 motion-reduce:animate-none" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </span>
      <span className="sr-only">The assistant is answering…</span>
    </div>
  );
}

/** spec §2 Assistant overlay: the 'Voice Assistant' modal with its message list, text input, send and microphone. */
export default function AssistantDialog() {
  const open = useAssistantOpen();
  const chat = useAssistantChat();
  const [draft, setDraft] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const { send } = chat;

  const { route, switchToBrowserVoice } = useVoiceRoute();
  const speaker = useReplySpeaker(route ?? "browser");
  const { speak } = speaker;
  // A voice turn (spec §4 Assistant): the transcript is sent like a typed message and the reply read out.
  const onTranscript = useCallback(
    async (text: string) => {
      const reply = await send(text);
      if (reply) await speak(reply);
    },
    [send, speak],
  );
  const voice = useVoiceInput({ route, onServiceGone: switchToBrowserVoice, onTranscript });

  const busy = chat.processing || voice.transcribing;

  // New messages come into view at the bottom (the help panel scrolls itself into view at the top).
  useEffect(() => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight, behavior: "smooth" });
  }, [chat.messages.length, chat.processing]);

  // Closing the overlay ends a recording and any reply being read out.
  const { stop: stopVoice } = voice;
  const { stop: stopSpeaking } = speaker;
  useEffect(() => {
    if (open) return;
    stopVoice();
    stopSpeaking();
  }, [open, stopVoice, stopSpeaking]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim() || busy) return;
    void send(draft);
    setDraft("");
    input.current?.focus();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && closeAssistant()}
      initialFocus={input}
      onCloseAutoFocus={(event) => {
        const opener = takeReturnFocus();
        if (!opener) return;
        event.preventDefault();
        opener.focus();
      }}
      className="fixed inset-x-0 bottom-0 z-50 flex h-[90dvh] flex-col overflow-hidden rounded-t-3xl bg-white shadow-2xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:h-[min(680px,88dvh)] sm:w-[min(560px,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
    >
      <header className="flex items-center gap-3 border-b border-border px-5 py-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-600 to-accent-500 text-white shadow-sm">
          <Bot className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <DialogTitle className="text-lg font-bold leading-tight">Voice Assistant</DialogTitle>
          <DialogDescription className="text-sm text-muted">Ask about events, tickets, refunds and fees.</DialogDescription>
        </div>
        <DialogClose className="rounded-xl p-2 text-muted hover:bg-surface hover:text-ink" aria-label="Close assistant">
          <X className="size-5" aria-hidden="true" />
        </DialogClose>
      </header>

      <div ref={scroller} className="flex flex-1 flex-col gap-4 overflow-y-auto px-4 py-5 sm:px-5">
        {voice.helpVisible && <MicrophoneHelpPanel onDismiss={voice.dismissHelp} />}
        <div role="log" aria-live="polite" aria-label="Conversation">
          <ol className="flex flex-col gap-4">
            {chat.messages.map((message) => (
              <MessageBubble key={message.id} message={message} />
            ))}
          </ol>
        </div>
        {busy && <Thinking />}
        {!chat.hasConversation && !busy && (
          <div className="flex flex-wrap gap-2" aria-label="Suggestions" role="group">
            {SUGGESTIONS.map((suggestion) => (
              <button
                key={suggestion}
                type="button"
                onClick={() => void send(suggestion)}
                className="rounded-full border border-brand-200 bg-brand-50 px-3.5 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-100"
              >
                {suggestion}
              </button>
            ))}
          </div>
        )}
      </div>

      <footer className="border-t border-border bg-white px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 sm:px-5">
        {voice.recording && (
          <p role="status" className="mb-2 flex items-center gap-2 text-sm font-semibold text-red-700">
            <span className="size-2 animate-pulse rounded-full bg-red-600 motion-reduce:animate-none" aria-hidden="true" />
            Listening… press the microphone again when you have finished.
          </p>
        )}
        <form onSubmit={submit} className="flex items-center gap-2">
          <Button
            type="button"
            variant={voice.recording ? "live" : "outline"}
            size="icon"
            className="shrink-0"
            aria-label={voice.recording ? "Stop recording" : "Start recording"}
            aria-pressed={voice.recording}
            disabled={busy || route === null}
            onClick={voice.toggle}
          >
            {voice.recording ? <Square aria-hidden="true" /> : <Mic aria-hidden="true" />}
          </Button>
          <label htmlFor="assistant-message" className="sr-only">
            Your message
          </label>
          <input
            id="assistant-message"
            ref={input}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            autoComplete="off"
            enterKeyHint="send"
            placeholder="Type your question…"
            className="h-10 min-w-0 flex-1 rounded-xl border border-border bg-white px-3.5 text-base text-ink placeholder:text-muted focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-200 sm:text-sm"
          />
          <Button type="submit" size="icon" className="shrink-0" aria-label="Send message" disabled={busy}>
            {chat.processing ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          </Button>
        </form>
        {!voice.supported && (
          <p className="mt-2 text-xs text-muted">Voice isn&apos;t available in this browser: type your question instead.</p>
        )}
      </footer>
    </Dialog>
  );
}
