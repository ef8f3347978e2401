// A* over the sea-lane graph between sets of lane accesses, on a binary heap.
import type { LaneAccess } from "./lane-access";
import { nodePosition, type SeaNetwork } from "./sea-network";
import { haversineNm, type LatLon } from "./spherical";

/**
 * A* over the CSR graph from the origin's accesses (each node starting at its access distance) to a virtual
 * goal reached from each destination access node (at its access distance), so the route picks the best
 * way on and off the lanes instead of doubling back to the nearest vertex. The heuristic, great-circle
 * distance to the destination, is consistent: every edge is at least the great circle between its ends
 * (antimeridian links join identical places) and every access is at least the great circle it spans.
 */
export function shortestLanePath(
  net: SeaNetwork,
  starts: LaneAccess[],
  goals: LaneAccess[],
  destination: LatLon,
): { path: number[]; start: LaneAccess; goal: LaneAccess } {
  const goalNode = net.nodeCount; // the virtual goal
  const goalAccessByNode = new Map<number, LaneAccess>();
  for (const goal of goals) {
    const known = goalAccessByNode.get(goal.id);
    if (!known || goal.nm < known.nm) goalAccessByNode.set(goal.id, goal);
  }
  const startAccessByNode = new Map<number, LaneAccess>();
  const cost = new Float64Array(net.nodeCount + 1).fill(Number.POSITIVE_INFINITY);
  const previous = new Int32Array(net.nodeCount + 1).fill(-1);
  const closed = new Uint8Array(net.nodeCount + 1);
  const heuristic = (id: number) => haversineNm(nodePosition(net, id), destination);
  const heap = new MinHeap();
  for (const start of starts) {
    if (start.nm >= (cost[start.id] ?? Number.POSITIVE_INFINITY)) continue;
    cost[start.id] = start.nm;
    startAccessByNode.set(start.id, start);
    heap.push(start.id, start.nm + heuristic(start.id));
  }
  let goalVia: LaneAccess | undefined;
  while (heap.size > 0) {
    const node = heap.pop();
    if (node === goalNode) break;
    if (closed[node]) continue; // a stale heap entry: the node was settled through a cheaper path
    closed[node] = 1;
    const base = cost[node] ?? 0;
    const access = goalAccessByNode.get(node);
    if (access && base + access.nm < (cost[goalNode] ?? Number.POSITIVE_INFINITY)) {
      cost[goalNode] = base + access.nm;
      goalVia = access;
      heap.push(goalNode, base + access.nm);
    }
    const end = net.adjacencyStart[node + 1] ?? 0;
    for (let slot = net.adjacencyStart[node] ?? 0; slot < end; slot++) {
      const next = net.adjacencyTarget[slot] ?? 0;
      if (closed[next] || !net.routable[next]) continue;
      const candidate = base + (net.adjacencyNm[slot] ?? 0);
      if (candidate >= (cost[next] ?? Number.POSITIVE_INFINITY)) continue;
      cost[next] = candidate;
      previous[next] = node;
      heap.push(next, candidate + heuristic(next));
    }
  }
  if (!goalVia) throw new Error("no sea route between the given positions");
  const path: number[] = [];
  for (let node = goalVia.id; node !== -1; node = previous[node] ?? -1) path.push(node);
  path.reverse();
  const start = startAccessByNode.get(path[0] ?? -1);
  if (!start) throw new Error("sea route lost its origin access");
  return { path, start, goal: goalVia };
}

/** Binary min-heap of ids (numbers) by priority, in parallel arrays (no per-entry objects). */
export class MinHeap {
  private readonly ids: number[] = [];
  private readonly priorities: number[] = [];

  get size(): number {
    return this.ids.length;
  }

  /** The least priority held, or +Infinity when empty. */
  peekPriority(): number {
    return this.priorities[0] ?? Number.POSITIVE_INFINITY;
  }

  push(id: number, priority: number): void {
    let i = this.ids.length;
    this.ids.push(id);
    this.priorities.push(priority);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.priorities[parent] ?? 0) <= priority) break;
      this.ids[i] = this.ids[parent] ?? 0;
      this.priorities[i] = this.priorities[parent] ?? 0;
      i = parent;
    }
    this.ids[i] = id;
    this.priorities[i] = priority;
  }

  pop(): number {
    const top = this.ids[0] ?? -1;
    const lastId = this.ids.pop() ?? 0;
    const lastPriority = this.priorities.pop() ?? 0;
    const n = this.ids.length;
    if (n === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && (this.priorities[right] ?? 0) < (this.priorities[left] ?? 0) ? right : left;
      if ((this.priorities[child] ?? 0) >= lastPriority) break;
      this.ids[i] = this.ids[child] ?? 0;
      this.priorities[i] = this.priorities[child] ?? 0;
      i = child;
    }
    this.ids[i] = lastId;
    this.priorities[i] = lastPriority;
    return top;
  }
}
