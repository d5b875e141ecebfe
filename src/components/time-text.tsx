/**
 * A line with times in it ('MILAN MORNING 10:15 AM - 11:15 AM') whose times never break between
 * the digits and AM/PM: a 360 px market header read "11:15 / AM" (issue 49).
 */
export function TimeText({ text }: { text: string }) {
  const parts = text.split(/(\d{1,2}:\d{2} [AP]M)/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <span key={i} className="nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
