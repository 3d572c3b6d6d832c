import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { callEndpoint, fillPath } from '../data/endpoint';
import { deskClaim, downloadFile } from '../data/download';
import { serviceUrl } from '../data/services';
import { feedback } from '../feedback';
import { useKeepQuery } from '../useKeepQuery';
import type { BatchRow, CheckResult, UploadConfig } from './types';

const RUNNING = new Set(['QUEUED', 'RUNNING']);

/**
 * The state of an upload screen, without a DOM: the chosen file, the e-mail modal, sending, and the batch list
 * (read again while a batch runs). States (spec 002 section 4): no file, file chosen, modal open, uploaded (file
 * cleared, modal closed, list read again).
 */
export function useUploadController(config: UploadConfig) {
  const { go } = useKeepQuery();
  const params = useParams();
  const component = params[config.componentParam] ?? '';
  const label = config.components[component] ?? component;
  const [file, setFile] = useState<File | null>(null);
  const [asking, setAsking] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  /** The last check's answer and the file it was of: shown only while that file is the one chosen. */
  const [checked, setChecked] = useState<{ of: File; result: CheckResult } | null>(null);
  const [batches, setBatches] = useState<BatchRow[]>([]);
  const [loading, setLoading] = useState(true);
  const mounted = useRef(true);
  /** The number of the newest list request: only its answer is shown (an older one may land last). */
  const latest = useRef(0);

  const reload = useCallback(
    async (quiet = false) => {
      const ticket = ++latest.current;
      const entity = deskClaim(config.entityClaim);
      if (!entity) {
        // Without an entity there is no list to read: the table is empty, not loading forever.
        setBatches([]);
        setLoading(false);
        return;
      }
      try {
        const res = await callEndpoint(config.batches, { query: { parent_fteid: entity, type: component } }, { quiet });
        // Another component's list (the path changed meanwhile) or a poll overtaken by a newer read: dropped.
        if (!mounted.current || ticket !== latest.current) return;
        if (res.ok) setBatches(res.data ?? []);
      } finally {
        if (mounted.current && ticket === latest.current) setLoading(false);
      }
    },
    [config.batches, config.entityClaim, component],
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    // A new component: its own list, read afresh (the previous component's batches are not shown meanwhile).
    setBatches([]);
    setLoading(true);
    void reload();
    return () => {
      latest.current++;
    };
  }, [reload]);

  const running = batches.some((b) => RUNNING.has(b.status));
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void reload(true), config.refreshMs);
    return () => clearInterval(timer);
  }, [running, reload, config.refreshMs]);

  /** Takes a file from the drop area, if its extension is one the screen takes. */
  const choose = (next: File | null) => {
    if (next && !config.accept.some((ext) => next.name.toLowerCase().endsWith(ext))) {
      feedback.error(config.messages.fileType);
      return;
    }
    setFile(next);
  };

  /** Upload: without a file says so; with one, opens the e-mail modal. */
  const start = () => {
    if (!file) {
      feedback.error(config.messages.noFile);
      return;
    }
    setEmail('');
    setEmailError(null);
    setAsking(true);
  };

  /**
   * 'Check file': the server runs every row through the upload's rules and stores nothing; its answer is shown row by
   * row. Without a file says so; a refused file (unreadable, missing columns) shows the server's messages.
   */
  const check = async () => {
    if (!file) {
      feedback.error(config.messages.noFile);
      return;
    }
    const body = new FormData();
    body.append('files', file, file.name);
    setChecking(true);
    const res = await callEndpoint(config.check, { params: { type: component }, body });
    if (!mounted.current) return;
    setChecking(false);
    if (res.ok && res.data) setChecked({ of: file, result: res.data });
  };

  /**
   * The modal's 'Upload and e-mail me' (`notify`: with the address typed, which it asks for) or 'Upload without
   * e-mail'; Cancel and the close button only close the modal, and nothing is uploaded.
   */
  const send = async (notify: boolean) => {
    const address = notify ? email.trim() : '';
    if (notify && (!address || address.length > 254 || !new RegExp(config.emailPattern).test(address))) {
      setEmailError(config.messages.email);
      return;
    }
    if (!file) return;
    const body = new FormData();
    body.append('files', file, file.name);
    if (address) body.append('email', address);
    setSending(true);
    const res = await callEndpoint(config.upload, { params: { type: component }, body }, { quiet: true });
    setSending(false);
    if (res.ok) {
      feedback.success(config.messages.uploaded);
      setFile(null);
      setAsking(false);
      void reload();
    } else {
      feedback.error(config.messages.failed);
      for (const message of res.messages) if (message !== config.messages.failed) feedback.error(message);
    }
  };

  return {
    label,
    component,
    file,
    choose,
    start,
    asking,
    closeModal: () => setAsking(false),
    email,
    setEmail: (value: string) => {
      setEmail(value);
      setEmailError(null);
    },
    emailError,
    send,
    sending,
    check,
    checking,
    /** The check of the chosen file, or null (none yet, or of a file no longer chosen). */
    checkResult: checked && checked.of === file ? checked.result : null,
    batches,
    loading,
    running,
    /** Cancel: the component's list with the query string kept (never the history: a page opened directly has none). */
    cancel: () => go(config.lists[component] ?? '/'),
    sampleUrl: serviceUrl(config.sample.service ?? 'main', fillPath(config.sample.path, { type: component })),
    downloadResult: async (batch: BatchRow) => {
      if (batch.result_url && !(await downloadFile(batch.result_url, { service: config.batches.service })))
        feedback.error(config.messages.failed);
    },
  };
}

/** What {@link useUploadController} gives its view. */
export type UploadController = ReturnType<typeof useUploadController>;
