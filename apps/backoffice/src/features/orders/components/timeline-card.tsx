import { useState } from 'react';
import { TextArea } from '../../../components/field';
import { Card } from '../../../components/page';
import { FormError } from '../../../components/states';
import { confirmAction } from '../../../lib/confirm';
import { fieldErrorsOf, messageOf } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toasts';
import { useAddComment, useDeleteComment, useEditComment } from '../api/order-actions';
import type { Order } from '../api/orders';
import { activityLabel, customActivityText } from '../lib/words';

type Activity = Order['activities'][number];

function CommentForm({ orderId }: { orderId: string }) {
  const add = useAddComment(orderId);
  const [text, setText] = useState('');
  const errors = fieldErrorsOf(add.error, 'activity.merchantComment.');
  return (
    <form
      className="order-comment-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        add.mutate(text.trim(), {
          onSuccess: () => {
            setText('');
            toast('Comment added');
          },
        });
      }}
    >
      <TextArea
        label="Add a comment"
        hint="Only staff see comments."
        value={text}
        maxLength={4000}
        rows={2}
        onChange={(e) => setText(e.target.value)}
        error={errors.message}
      />
      <FormError error={errors.message ? undefined : add.error} />
      <div className="form-actions">
        <button type="submit" className="button button--secondary" disabled={add.isPending || !text.trim()}>
          {add.isPending ? 'Posting…' : 'Post comment'}
        </button>
      </div>
    </form>
  );
}

function CommentEntry({ orderId, activity, writer }: { orderId: string; activity: Activity; writer: boolean }) {
  const message = activity.merchantComment?.message ?? '';
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(message);
  const edit = useEditComment(orderId);
  const remove = useDeleteComment(orderId);
  const errors = fieldErrorsOf(edit.error, 'activity.merchantComment.');
  if (editing)
    return (
      <form
        className="order-comment-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) return;
          edit.mutate(
            { activityId: activity.id, message: text.trim() },
            {
              onSuccess: () => {
                setEditing(false);
                toast('Comment saved');
              },
            },
          );
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            setEditing(false);
            setText(message);
          }
        }}
      >
        <TextArea
          label="Edit comment"
          value={text}
          maxLength={4000}
          rows={2}
          autoFocus
          onChange={(e) => setText(e.target.value)}
          error={errors.message}
        />
        <FormError error={errors.message ? undefined : edit.error} />
        <div className="form-actions">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              setEditing(false);
              setText(message);
            }}
          >
            Cancel
          </button>
          <button type="submit" className="button button--small" disabled={edit.isPending || !text.trim()}>
            Save comment
          </button>
        </div>
      </form>
    );
  return (
    <>
      <p className="order-comment">{message}</p>
      {writer ? (
        <div className="order-timeline__actions">
          <button type="button" className="button--link order-small" onClick={() => setEditing(true)}>
            Edit<span className="visually-hidden"> comment</span>
          </button>
          <button
            type="button"
            className="button--link order-small"
            disabled={remove.isPending}
            onClick={async () => {
              const ok = await confirmAction({
                title: 'Delete this comment?',
                message: 'It is removed from the timeline for good.',
                confirmLabel: 'Delete comment',
                tone: 'danger',
              });
              if (ok)
                remove.mutate(activity.id, {
                  onSuccess: () => toast('Comment deleted'),
                  onError: (e) => toast(messageOf(e), 'error'),
                });
            }}
          >
            Delete<span className="visually-hidden"> comment</span>
          </button>
        </div>
      ) : null}
    </>
  );
}

/** The order's history, newest first, with staff comments (added, edited and deleted by staff who may). */
export function TimelineCard({ order, writer }: { order: Order; writer: boolean }) {
  const entries = [...order.activities].reverse();
  return (
    <Card title="Timeline" id="order-timeline">
      {writer ? <CommentForm orderId={order.id} /> : null}
      <ol className="order-timeline" aria-label="Timeline, newest first">
        {entries.map((a) => (
          <li key={a.id} className={a.type === 'MERCHANT_COMMENT' ? 'order-timeline__comment' : undefined}>
            <div className="order-timeline__head">
              <strong>{a.type === 'MERCHANT_COMMENT' ? 'Comment' : activityLabel(a.type)}</strong>
              <span className="muted order-small">
                {formatDateTime(a.createdDate)}
                {a.authorEmail ? ` · ${a.authorEmail}` : ''}
                {a.updatedDate && a.updatedDate !== a.createdDate && a.type === 'MERCHANT_COMMENT' ? ' · edited' : ''}
              </span>
            </div>
            {a.type === 'MERCHANT_COMMENT' ? (
              <CommentEntry orderId={order.id} activity={a} writer={writer} />
            ) : a.customActivity ? (
              <p className="order-comment">{customActivityText(a.customActivity)}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
