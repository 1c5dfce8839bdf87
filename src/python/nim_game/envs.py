"""Environments for reinforcement learning, for every game whose moves take from one heap: a game
against a built-in agent with Gymnasium's contract (GameEnv), the two players' game with
PettingZoo's turn-by-turn contract for self-play (GameAECEnv), and N games stepped together in C++
(GameVectorEnv). An action is (take - 1) * max_heaps + heap, whatever the heap count drawn; the
observation is the heaps padded with 0 to max_heaps. They pickle and copy.deepcopy with their
games and random state, and play on as the original would.

When gymnasium (pettingzoo) can be imported, GameEnv (GameAECEnv) is one of its environments and
its spaces are its spaces; otherwise the spaces are the plain descriptions below, with the same
attributes.
"""

from . import _core

_GAME_KEYWORDS = ("misere", "max_take", "game", "octal", "subtract", "subtract_all_but",
                  "heaps_per_move", "grundy_limit", "limit_search")

try:
    import gymnasium as _gymnasium
    from gymnasium import spaces as _spaces
except ImportError:
    _gymnasium = _spaces = None
try:
    import pettingzoo as _pettingzoo
except ImportError:
    _pettingzoo = None


def _numpy():
    import numpy
    return numpy


class Discrete:
    """Gymnasium's Discrete(n) as a plain description: the actions 0 to n - 1."""

    def __init__(self, n, seed=None):
        self.n, self.start, self.shape = int(n), 0, ()
        self.dtype = _numpy().dtype("int64")
        self.np_random = _numpy().random.default_rng(seed)

    def seed(self, seed=None):
        self.np_random = _numpy().random.default_rng(seed)
        return [seed]

    def contains(self, x):
        np = _numpy()
        if isinstance(x, (int, np.integer)) or (isinstance(x, np.ndarray) and x.shape == () and
                                                np.issubdtype(x.dtype, np.integer)):
            return 0 <= int(x) < self.n
        return False

    __contains__ = contains

    def sample(self, mask=None):
        """An action at random; with `mask` (int8, one a action) one of those marked 1."""
        np = _numpy()
        if mask is None:
            return np.int64(self.np_random.integers(self.n))
        legal = np.flatnonzero(mask)
        return np.int64(self.np_random.choice(legal)) if len(legal) else np.int64(0)

    def __eq__(self, other):
        return isinstance(other, Discrete) and other.n == self.n

    def __repr__(self):
        return f"Discrete({self.n})"


class Box:
    """Gymnasium's Box as a plain description: arrays of `shape` and `dtype` from low to high."""

    def __init__(self, low, high, shape, dtype, seed=None):
        np = _numpy()
        self.shape, self.dtype = tuple(shape), np.dtype(dtype)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed=None):
        self.np_random = _numpy().random.default_rng(seed)
        return [seed]

    def contains(self, x):
        np = _numpy()
        return (isinstance(x, np.ndarray) and x.shape == self.shape and
                np.can_cast(x.dtype, self.dtype) and
                bool(((x >= self.low) & (x <= self.high)).all()))

    __contains__ = contains

    def sample(self):
        return self.np_random.integers(self.low, self.high, endpoint=True, dtype=self.dtype)

    def __eq__(self, other):
        np = _numpy()
        return (isinstance(other, Box) and other.shape == self.shape and other.dtype == self.dtype
                and np.array_equal(other.low, self.low) and np.array_equal(other.high, self.high))

    def __repr__(self):
        return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"


class Dict:
    """Gymnasium's Dict of spaces as a plain description."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def keys(self):
        return self.spaces.keys()

    def contains(self, x):
        return (isinstance(x, dict) and x.keys() == self.spaces.keys() and
                all(self.spaces[k].contains(x[k]) for k in self.spaces))

    __contains__ = contains

    def sample(self):
        return {k: space.sample() for k, space in self.spaces.items()}

    def __eq__(self, other):
        return isinstance(other, Dict) and other.spaces == self.spaces

    def __repr__(self):
        return f"Dict({self.spaces!r})"


def _discrete(n):
    return _spaces.Discrete(n) if _spaces else Discrete(n)


def _box(high, shape, dtype):
    if _spaces:
        return _spaces.Box(low=0, high=high, shape=shape, dtype=dtype)
    return Box(0, high, shape, dtype)


def _dict(spaces):
    return _spaces.Dict(spaces) if _spaces else Dict(spaces)


class _Games:
    """What every environment holds: the arguments it was made with and its games (_core)."""

    @classmethod
    def _require_numpy(cls):
        try:
            import numpy  # noqa: F401 (observations and masks are arrays)
        except ImportError:
            raise ImportError(f"nim_game.{cls.__name__} needs numpy: apt-get install "
                              "python3-numpy") from None

    def _make(self, args):
        self._require_numpy()
        rules = args["rules"]
        unknown = sorted(set(rules) - set(_GAME_KEYWORDS))
        if unknown:
            raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument "
                            f"'{unknown[0]}'")
        self._args = args
        self._games = _core.GameEnvs({"game": "nim", **rules}, args["heaps"], args["heap_count"],
                                     args["max_size"], args["min_size"], args["max_heaps"],
                                     *args["agents"], args["games"], args["seed"])
        self.max_heaps = self._games.max_heaps
        self.n_actions = self._games.action_count

    @property
    def unwrapped(self):
        return self

    # Pickled (and deep-copied) as its arguments, the games' state and the rest of its attributes:
    # made again from the arguments, then put where the original was. The state is pickled inside
    # (its arrays and random generators need numpy), so that _restored() may say first that numpy
    # is missing.
    def __reduce__(self):
        import pickle
        return _restored, (type(self), pickle.dumps(self.__getstate__()))

    def __getstate__(self):
        state = {k: v for k, v in self.__dict__.items() if k != "_games"}
        state["_games"] = self._games.state()
        return state

    def __setstate__(self, state):
        self._require_numpy()
        state = dict(state)
        games = state.pop("_games")
        self.__dict__.update(state)
        self._make(self._args)
        self._games.restore(games)


def _restored(cls, state):
    """An environment pickled by _Games.__reduce__."""
    import pickle
    cls._require_numpy()
    env = cls.__new__(cls)
    env.__setstate__(pickle.loads(state))
    return env


def _arguments(heaps, heap_count, max_size, min_size, max_heaps, agents, games, rules):
    return {"heaps": None if heaps is None else list(heaps), "heap_count": heap_count,
            "max_size": max_size, "min_size": min_size, "max_heaps": max_heaps,
            "agents": agents, "games": games, "seed": None, "rules": rules}


def _agents(opponent, learner):
    if learner not in (0, 1):
        raise ValueError(f"learner must be 0 (moves first) or 1, not {learner!r}")
    if opponent is None:
        raise ValueError("opponent must be a built-in agent: perfect, random or difficulty:P")
    return (None, opponent) if learner == 0 else (opponent, None)


_GymEnv = _gymnasium.Env if _gymnasium else object


class GameEnv(_Games, _GymEnv):
    """A game against a built-in agent with Gymnasium's contract: reset(*, seed=None,
    options=None) -> (observation, info), step(action) -> (observation, reward, terminated,
    truncated, info). The reward is +1 when the learner wins, -1 when it loses, 0 before the end;
    info["action_mask"] (int8) marks the legal actions, action_masks() too (as bools). An illegal
    action of the space loses the game (info["illegal_action"] True), as Gymnasium asks that every
    action of the space be taken; illegal_action="raise" makes it a ValueError instead."""

    metadata = {"render_modes": []}
    render_mode = spec = _np_random = None

    def __init__(self, heaps=None, *, heap_count=None, max_size=None, min_size=0, max_heaps=None,
                 opponent="perfect", learner=0, illegal_action="lose", **rules):
        self._make(_arguments(heaps, heap_count, max_size, min_size, max_heaps,
                              _agents(opponent, learner), 1, rules))
        self.learner, self._illegal_loses = learner, _illegal_loses(illegal_action)
        self.action_space = _discrete(self.n_actions)
        self.observation_space = _box(self._games.most_heap, (self.max_heaps,), "int64")
        self._started = False

    def reset(self, *, seed=None, options=None):
        if _gymnasium:
            super().reset(seed=seed)
        elif seed is not None:
            self._np_random = _numpy().random.default_rng(seed)
        if seed is not None:
            self._games.seed(seed)
        self._games.reset(0)
        self._started = True
        return self._games.observe(0), self._info()

    def step(self, action):
        if not self._started:
            raise ValueError("call reset() before step()")
        observation, mask, legal, over, winner, agent_action = self._games.play_and_observe(
            0, _action(action), self._illegal_loses)
        reward = 0.0 if not over else (1.0 if winner == self.learner else -1.0)
        info = {"action_mask": mask, "opponent_action": agent_action}
        if not legal:
            info["illegal_action"] = True
        return observation, reward, over, False, info

    def action_masks(self):
        """The legal actions as bools (sb3-contrib's MaskablePPO reads them so)."""
        return self._games.mask(0).view(bool)

    def _info(self):
        return {"action_mask": self._games.mask(0), "opponent_action": self._games.game(0)[2]}


def _illegal_loses(illegal_action):
    if illegal_action not in ("lose", "raise"):
        raise ValueError(f"illegal_action must be \"lose\" or \"raise\", not {illegal_action!r}")
    return illegal_action == "lose"


def _action(action):
    """An action as a Python int: ints, numpy integers and 0-d integer arrays (as space.sample()
    gives them); anything else a ValueError."""
    import operator
    if isinstance(action, bool):
        raise ValueError(f"action {action!r} is a bool, not an action id")
    try:
        return operator.index(action)
    except TypeError:
        raise ValueError(f"action {action!r} is not a whole number") from None


_AECEnv = _pettingzoo.AECEnv if _pettingzoo else object


class GameAECEnv(_Games, _AECEnv):
    """The two players' game, turn by turn, with PettingZoo's AEC contract, for self-play: agents
    "player_0" (moves first) and "player_1"; observe(agent) -> {"observation", "action_mask"};
    at the end the winner's reward is +1 and the loser's -1. An illegal action loses the game, as
    PettingZoo's TerminateIllegalWrapper makes it, unless illegal_action="raise"."""

    metadata = {"name": "nim_game_v0", "render_modes": [], "is_parallelizable": False}
    render_mode = None

    def __init__(self, heaps=None, *, heap_count=None, max_size=None, min_size=0, max_heaps=None,
                 illegal_action="lose", **rules):
        self._make(_arguments(heaps, heap_count, max_size, min_size, max_heaps, (None, None), 1,
                              rules))
        self._illegal_loses = _illegal_loses(illegal_action)
        self.possible_agents = ["player_0", "player_1"]
        board = _box(self._games.most_heap, (self.max_heaps,), "int64")
        mask = _box(1, (self.n_actions,), "int8")
        self.observation_spaces = {a: _dict({"observation": board, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: _discrete(self.n_actions) for a in self.possible_agents}
        self.reset()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._games.seed(seed)
        self._games.reset(0)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._games.game(0)[0]]
        self._skip_agent_selection = None

    def observe(self, agent):
        """The heaps, and the legal actions of `agent` (none but for the agent to move)."""
        mover = self.possible_agents[self._games.game(0)[0]]
        mask = self._games.mask(0)
        if agent != mover:
            mask[:] = 0
        return {"observation": self._games.observe(0), "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter=2**63):
        """The agent to move, while any agent is left (at most max_iter times)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for an agent that is done")
        self._games.play(0, _action(action), self._illegal_loses)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        mover, over, _, winner = self._games.game(0)
        if over:
            for seat, a in enumerate(self.possible_agents):
                self.rewards[a] = 1.0 if seat == winner else -1.0
                self.terminations[a] = True
        self.agent_selection = self.possible_agents[mover]
        for a, reward in self.rewards.items():
            self._cumulative_rewards[a] += reward

    def _was_dead_step(self, action):
        # PettingZoo's AECEnv._was_dead_step: a done agent steps with None and leaves.
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        for table in (self.terminations, self.truncations, self.rewards,
                      self._cumulative_rewards, self.infos):
            del table[agent]
        self.agents.remove(agent)
        dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if dead:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = self.agent_selection
            self.agent_selection = dead[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        self.rewards = {a: 0.0 for a in self.agents}

    def render(self):
        pass

    def close(self):
        pass


class GameVectorEnv(_Games):
    """num_envs games against a built-in agent, stepped together in C++: step(actions) takes an
    array of one action a game and returns (observations, rewards, terminated, truncated, info)
    as arrays of num_envs rows; action_masks() the legal actions after it (bools, which numpy
    searches fastest). A game that ends starts again in the same step: its row of
    observations is then the new game's first (terminated says which). An illegal action loses
    its game, unless illegal_action="raise"; an action that is no id is a ValueError, before any
    game moves."""

    metadata = {"autoreset_mode": "same-step"}

    def __init__(self, num_envs, heaps=None, *, heap_count=None, max_size=None, min_size=0,
                 max_heaps=None, opponent="perfect", learner=0, illegal_action="lose", **rules):
        self._make(_arguments(heaps, heap_count, max_size, min_size, max_heaps,
                              _agents(opponent, learner), num_envs, rules))
        self.num_envs, self.learner = self._games.size, learner
        self._illegal_loses = _illegal_loses(illegal_action)
        self.single_action_space = _discrete(self.n_actions)
        self.single_observation_space = _box(self._games.most_heap, (self.max_heaps,), "int64")
        self._started = False

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self._games.seed(seed)
        self._games.reset_all()
        self._started = True
        self._masks = self._games.masks()
        return self._games.observations(), {}

    def step(self, actions):
        if not self._started:
            raise ValueError("call reset() before step()")
        observations, rewards, terminated, truncated, self._masks = self._games.step(
            actions, self.learner, self._illegal_loses)
        return observations, rewards, terminated, truncated, {}

    def action_masks(self):
        """The legal actions of every game, bools of shape (num_envs, actions), as the last
        reset() or step() left them."""
        if not self._started:
            raise ValueError("call reset() before action_masks()")
        return self._masks

    def close(self):
        pass
