# The environments' contracts, rule by rule as the packages' own checkers state them, since
# neither gymnasium nor pettingzoo is packaged by Debian 12: Gymnasium's
# gymnasium/utils/env_checker.py (check_env and the check_* it calls) and passive_env_checker.py
# (env_reset_passive_checker, env_step_passive_checker, check_space, check_obs), and PettingZoo's
# pettingzoo/test/api_test.py (api_test, play_test, test_observation, test_action_mask,
# test_observation_action_spaces, test_rewards_terminations_truncations, test_action_flexibility).
# Each check names its rule. Where the package can be imported, its own checker runs too.
import copy
import inspect
import pickle

import numpy as np
import pytest

import nim_game

# Every game whose moves take from one heap, in both plays where the game has misère play.
GAMES = [
    {},
    {"misere": True},
    {"max_take": 3},
    {"subtract": [1, 3, 4]},
    {"subtract": [2, 3], "misere": True},
    {"subtract_all_but": [2]},
    {"octal": "0.31"},
    {"game": "staircase"},
    {"game": "moore", "heaps_per_move": 1},
]
IDS = ["nim", "nim-misere", "nim-max-take-3", "subtract-1-3-4", "subtract-2-3-misere",
       "all-but-2", "octal-0.31", "staircase", "moore-1"]


def gym_env(rules, **kw):
    return nim_game.GameEnv(heap_count=(1, 4), max_size=7, **rules, **kw)


def check_obs(obs, space):
    # passive_env_checker.check_obs, Box: a numpy array of the space's dtype, within the space.
    assert isinstance(obs, np.ndarray) and obs.dtype == space.dtype
    assert obs in space


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_gymnasium_spaces_and_reset(rules):
    env = gym_env(rules)
    # check_space (Discrete): n > 0, shape ().
    assert env.action_space.n > 0 and env.action_space.shape == ()
    # check_space (Box) / _check_box_observation_space: low and high of the space's shape, low
    # below high; check_space_limit: no infinite bound.
    box = env.observation_space
    assert box.low.shape == box.shape == box.high.shape == (4,)
    assert (box.low < box.high).all() and np.isfinite(box.high).all()
    # check_seed_deprecation: no seed() method; check_reset_return_info_deprecation: no
    # return_info; env_reset_passive_checker: reset takes seed (default None) and options.
    assert not callable(getattr(env, "seed", None))
    parameters = inspect.signature(env.reset).parameters
    assert "return_info" not in parameters
    assert parameters["seed"].default is None and "options" in parameters
    # check_reset_return_type: a 2-tuple (obs in the space, info a dict).
    result = env.reset()
    assert isinstance(result, tuple) and len(result) == 2
    check_obs(result[0], box)
    assert isinstance(result[1], dict)
    # check_reset_seed_determinism: the same seed, the same observations (and after it a reset
    # without a seed goes on the same way); _np_random set by a seeded reset, the same for the
    # same seed and another for another.
    obs_1, _ = env.reset(seed=123)
    rng_1 = copy.deepcopy(env.unwrapped._np_random)
    obs_2, _ = env.reset()
    obs_3, _ = env.reset(seed=123)
    rng_3 = copy.deepcopy(env.unwrapped._np_random)
    obs_4, _ = env.reset()
    assert (obs_1 == obs_3).all() and (obs_2 == obs_4).all()
    assert rng_1.bit_generator.state == rng_3.bit_generator.state
    env.reset(seed=456)
    assert env.unwrapped._np_random.bit_generator.state != rng_1.bit_generator.state
    # check_reset_options: reset(options={}) is taken.
    env.reset(options={})


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_gymnasium_step(rules):
    env = gym_env(rules, opponent="random")
    # env_step_passive_checker with env.action_space.sample(): any action of the space is taken (an
    # illegal one loses the game), a 5-tuple, terminated and truncated bools, a finite float
    # reward, info a dict.
    env.reset(seed=7)
    env.action_space.seed(7)
    for _ in range(50):
        action = env.action_space.sample()
        obs, reward, terminated, truncated, info = env.step(action)
        check_obs(obs, env.observation_space)
        assert isinstance(terminated, bool) and isinstance(truncated, bool) and not truncated
        assert isinstance(reward, float) and np.isfinite(reward)
        assert isinstance(info, dict)
        if terminated:
            assert reward in (1.0, -1.0)
            env.reset()
        else:
            assert reward == 0.0
    # check_step_determinism: after reset(seed), the same action gives the same step.
    env.action_space.seed(123)
    action = env.action_space.sample()
    env.reset(seed=123)
    first = env.step(action)
    env.reset(seed=123)
    second = env.step(action)
    assert (first[0] == second[0]).all() and first[1:4] == second[1:4]
    assert first[4].keys() == second[4].keys()
    assert (first[4]["action_mask"] == second[4]["action_mask"]).all()


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_the_mask_is_the_games_moves(rules):
    # info["action_mask"] and action_masks() mark exactly the actions the game takes (a copy
    # steps with each, illegal_action="raise"); a game played by the mask alone ends with ±1; a
    # deep copy plays on as the original.
    env = nim_game.GameEnv(heap_count=(1, 3), max_size=6, max_heaps=5, opponent="random",
                           illegal_action="raise", **rules)
    rng = np.random.default_rng(1)
    for episode in range(5):
        obs, info = env.reset(seed=episode)
        terminated = False
        while not terminated:
            mask = info["action_mask"]
            assert mask.dtype == np.int8 and env.action_masks().dtype == bool
            assert (env.action_masks() == mask.astype(bool)).all()
            for action in range(env.action_space.n):
                try:
                    copy.deepcopy(env).step(action)
                    taken = True
                except ValueError:
                    taken = False
                assert taken == bool(mask[action]), action
            action = int(rng.choice(np.flatnonzero(mask)))
            copied = copy.deepcopy(env)
            obs, reward, terminated, truncated, info = env.step(action)
            again = copied.step(action)
            assert (again[0] == obs).all() and again[1:4] == (reward, terminated, truncated)
        assert reward in (1.0, -1.0)


def test_illegal_actions():
    env = nim_game.GameEnv([1, 3, 5, 7])
    obs, info = env.reset(seed=1)
    # take 2 from heap 0 (of 1): illegal, lost at once.
    obs, reward, terminated, truncated, info = env.step(4)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(ValueError, match=r"^the game is over: call reset\(\)$"):
        env.step(0)
    strict = nim_game.GameEnv([1, 3, 5, 7], illegal_action="raise")
    with pytest.raises(ValueError, match=r"^call reset\(\) before step\(\)$"):
        strict.step(0)
    strict.reset(seed=1)
    with pytest.raises(ValueError, match=r"^action 4 \(take 2 from heap 0\) is not legal here$"):
        strict.step(4)
    with pytest.raises(ValueError, match="^action -1 is negative$"):
        env.reset()
        env.step(-1)
    with pytest.raises(ValueError, match="^action 28 is not below 28, the number of actions$"):
        env.step(28)
    with pytest.raises(ValueError, match="^action True is a bool, not an action id$"):
        env.step(True)
    with pytest.raises(TypeError,
                       match="^GameEnv\\(\\) got an unexpected keyword argument 'octl'$"):
        nim_game.GameEnv([1, 2], octl="0.7")
    with pytest.raises(ValueError, match='^opponent "cmd:cat" must be a built-in agent'):
        nim_game.GameEnv([1, 2], opponent="cmd:cat")
    with pytest.raises(ValueError,
                       match='^illegal_action must be "lose" or "raise", not \'skip\'$'):
        nim_game.GameEnv([1, 2], illegal_action="skip")


@pytest.mark.parametrize("game", [{"octal": "0.77"}, {"game": "wythoff"}, {"game": "grundy"},
                                  {"game": "moore"}, {"game": "lasker"}])
def test_games_without_action_ids_are_refused_by_the_capability(game):
    message = (r"^an environment numbers moves as actions, \(take - 1\) \* max_heaps \+ heap, "
               r"which hold only moves that take from one heap and leave it whole; .* has moves "
               r"that split a heap or take from several$")
    for make in (nim_game.GameEnv, nim_game.GameAECEnv):
        with pytest.raises(ValueError, match=message):
            make([3, 4], **game)


def test_fixed_shapes_whatever_the_heap_count():
    # max_heaps fixes the observation's length and each action's meaning: action 5 is always take
    # 2 from heap 1, in a game of 2 heaps as in one of 4.
    env = nim_game.GameEnv(heap_count=(2, 4), max_size=9, max_heaps=4, illegal_action="raise")
    assert env.action_space.n == 4 * 9 and env.observation_space.shape == (4,)
    seen = set()
    for seed in range(40):
        obs, info = env.reset(seed=seed)
        seen.add(len(obs))
        mask = info["action_mask"]
        for heap in range(4):
            for take in range(1, 10):
                legal = take <= obs[heap]  # a padded heap is 0: no move
                assert mask[(take - 1) * 4 + heap] == legal
    assert seen == {4}
    capped = nim_game.GameEnv(heap_count=3, max_size=100, max_take=3)
    assert capped.action_space.n == 3 * 3  # takes of 1 to 3 only
    stairs = nim_game.GameEnv([5, 5], game="staircase")  # coins gather: a step may hold 10
    assert stairs.observation_space.high.tolist() == [10, 10] and stairs.action_space.n == 20
    with pytest.raises(ValueError,
                       match="^max_heaps 2 is fewer than the 3 heaps a start may have$"):
        nim_game.GameEnv(heap_count=3, max_size=5, max_heaps=2)


def test_pickle_and_deepcopy_play_on_identically():
    for make in (lambda: nim_game.GameEnv(heap_count=(1, 5), max_size=9, opponent="random",
                                          subtract=[1, 2, 5]),
                 lambda: nim_game.GameVectorEnv(8, heap_count=(1, 5), max_size=9,
                                                opponent="difficulty:0.5")):
        env = make()
        env.reset(seed=3)
        for copied in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
            a, b = env, copied
            a_state = pickle.dumps(a)
            for step in range(30):
                masks = a.action_masks()
                assert (masks == b.action_masks()).all()
                actions = masks.argmax(-1)
                ra, rb = a.step(actions), b.step(actions)
                assert all(np.array_equal(x, y) for x, y in zip(ra[:4], rb[:4]))
                if np.ndim(ra[2]) == 0 and ra[2]:
                    a.reset(), b.reset()
            env = pickle.loads(a_state)
    bad = nim_game.GameEnv([1, 2])
    state = bad.__getstate__()
    state["_games"] = (1, [([9, 9], 0, -1, -1)])  # heaps beyond the space
    with pytest.raises(ValueError, match="^not the pickled state of these environments$"):
        nim_game.GameEnv.__new__(nim_game.GameEnv).__setstate__(state)


# PettingZoo's api_test, rule by rule.
@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_pettingzoo_api(rules):
    env = nim_game.GameAECEnv(heap_count=(1, 4), max_size=5, **rules)
    # api_test: reset takes seed and options; after reset no termination or truncation; num_agents
    # a positive int.
    env.reset(seed=0, options={"options": 1})
    assert not any(env.terminations.values()) and not any(env.truncations.values())
    assert isinstance(env.num_agents, int) and env.num_agents > 0
    assert env.possible_agents == ["player_0", "player_1"]
    # last(observe=False) gives None for the observation.
    assert env.last(observe=False)[0] is None
    # test_observation_action_spaces: the same space object each call, equal for both agents,
    # agents named <descriptor>_<number>.
    for agent in env.agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert env.observation_space(agent) == env.observation_space(env.agents[0])
    rng = np.random.default_rng(0)
    for cycle in range(10):
        play_test(env, rng, seed=cycle)
    # test_action_flexibility: a numpy integer is an action too.
    env.reset(seed=0)
    action = int(np.flatnonzero(env.last()[0]["action_mask"])[0])
    env.step(action)
    env.reset(seed=0)
    env.step(np.int32(action))


def play_test(env, rng, seed):
    # play_test: last()'s reward is the cumulative reward; the agents' dicts shrink as they finish;
    # every observation is in its space, of its dtype, and has a 0/1 int8 action mask; a done
    # agent steps with None; step returns None.
    env.reset(seed=seed)
    accumulated = {a: 0 for a in env.agents}
    finished, generated = set(), set()
    for agent in env.agent_iter(env.num_agents * 1000):
        generated.add(agent)
        assert agent not in finished and isinstance(env.infos[agent], dict)
        observation, reward, terminated, truncated, info = env.last()
        assert isinstance(terminated, bool) and isinstance(truncated, bool)
        assert terminated == env.terminations[agent] and info == env.infos[agent]
        assert accumulated[agent] == reward
        accumulated[agent] = 0
        space = env.observation_space(agent)
        assert space.contains(observation)
        assert observation["observation"].dtype == space["observation"].dtype
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.ndim == 1 and set(np.unique(mask)) <= {0, 1}
        for other in env.agents:  # only the agent to move has legal actions
            assert other == agent or not env.observe(other)["action_mask"].any()
        if terminated or truncated:
            action = None
            finished.add(agent)
        else:
            assert mask.any()  # the agent to move has a move
            action = int(rng.choice(np.flatnonzero(mask)))
        assert env.step(action) is None
        for a, r in env.rewards.items():
            accumulated[a] += r
        assert env.num_agents == len(env.agents)
        for table in (env.rewards, env.terminations, env.truncations, env.infos):
            assert set(table) == set(env.agents)
        assert set(env.agents) <= set(env.possible_agents)
    assert not env.agents and finished == generated == set(env.possible_agents)


def test_pettingzoo_rewards_and_dead_steps():
    env = nim_game.GameAECEnv([1, 2])
    # player_0 takes heap 0's object; player_1 takes the 2; player_0 is left with nothing: lost.
    env.step(0)
    env.step(3)
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env._cumulative_rewards == {"player_0": -1.0, "player_1": 1.0}
    assert env.agent_selection == "player_0" and env.last()[1] == -1.0
    with pytest.raises(ValueError, match="^when an agent is dead, the only valid action is None$"):
        env.step(0)
    env.step(None)
    assert env.agents == ["player_1"] and env.last()[1] == 1.0
    env.step(None)
    assert env.agents == [] and list(env.agent_iter()) == []
    misere = nim_game.GameAECEnv([1, 2], misere=True)
    misere.step(0), misere.step(3)  # the one who took the last object lost
    assert misere._cumulative_rewards == {"player_0": 1.0, "player_1": -1.0}


def test_vectorised_steps():
    # The vectorised environment's games, each against the perfect agent: its masks are Nim's
    # legal moves of each row, a game that ends gives ±1 and starts again in the same step.
    vec = nim_game.GameVectorEnv(64, heap_count=(1, 4), max_size=7, opponent="perfect")
    obs, info = vec.reset(seed=5)
    assert obs.shape == (64, 4) and obs.dtype == np.int64 and info == {}
    takes = np.arange(1, 8)[:, None]  # Nim: take t from heap h is legal when t <= the heap
    ends = 0
    for _ in range(100):
        masks = vec.action_masks()
        assert masks.dtype == bool and masks.shape == (64, 28)
        assert (masks == (takes <= obs[:, None, :]).reshape(64, 28)).all()
        obs, rewards, terminated, truncated, info = vec.step(masks.argmax(axis=1))
        assert obs.shape == (64, 4) and not truncated.any()
        assert set(rewards[terminated]) <= {-1.0, 1.0} and not rewards[~terminated].any()
        ends += int(terminated.sum())
    assert ends > 0
    with pytest.raises(ValueError, match="^game 0: action 99 is not below 28, the number of"):
        vec.step(np.full(64, 99))
    strict = nim_game.GameVectorEnv(2, [1, 2], illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match=r"^game 1: action 2 \(take 2 from heap 0\) is not legal"):
        strict.step(np.array([0, 2]))


@pytest.mark.parametrize("rules, allowed", [
    ({"misere": True}, lambda take, heap: take <= heap),
    ({"max_take": 3}, lambda take, heap: (take <= heap) & (take <= 3)),
    ({"subtract": [1, 3, 4]}, lambda take, heap: (take <= heap) & np.isin(take, [1, 3, 4])),
], ids=["nim-misere", "nim-max-take-3", "subtract-1-3-4"])
def test_vectorised_masks_are_the_rules(rules, allowed):
    # Each row of action_masks() marks take t from heap h exactly where the rules allow it, the
    # heaps padded with 0 to max_heaps, after every step (from a table of each heap size's takes).
    vec = nim_game.GameVectorEnv(32, heap_count=(1, 3), max_size=9, max_heaps=5,
                                 opponent="random", **rules)
    obs, _ = vec.reset(seed=3)
    takes = np.arange(1, vec.single_action_space.n // 5 + 1)[:, None]
    for _ in range(50):
        masks = vec.action_masks()
        assert (masks == allowed(takes, obs[:, None, :]).reshape(32, -1)).all()
        obs, *_ = vec.step(masks.argmax(axis=1))


def test_the_packages_own_checkers_where_installed():
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    check_env(nim_game.GameEnv(heap_count=(1, 4), max_size=7))
    del gymnasium
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test
    api_test(nim_game.GameAECEnv(heap_count=(1, 4), max_size=5), num_cycles=100)


def test_the_plain_spaces():
    # Without gymnasium, the spaces are nim_game.envs' descriptions, with Gymnasium's meaning:
    # Discrete(n) holds the integers 0 to n - 1 and samples within a mask; Box holds the arrays
    # of its shape and dtype within its bounds.
    from nim_game import envs
    discrete = envs.Discrete(6, seed=1)
    assert discrete.n == 6 and discrete.shape == () and discrete.contains(np.int64(5))
    assert 5 in discrete and 6 not in discrete and -1 not in discrete and 1.0 not in discrete
    mask = np.array([0, 0, 1, 0, 1, 0], dtype=np.int8)
    assert {int(discrete.sample(mask)) for _ in range(50)} == {2, 4}
    assert all(0 <= discrete.sample() < 6 for _ in range(50))
    box = envs.Box(0, 7, (3,), np.int64)
    assert box.contains(np.array([0, 7, 3])) and not box.contains(np.array([0, 8, 3]))
    assert not box.contains(np.array([0, -1, 3])) and not box.contains(np.array([1, 2]))
    assert not box.contains(np.array([0.5, 1, 2])) and box.contains(box.sample())
    both = envs.Dict({"observation": box, "action_mask": envs.Box(0, 1, (6,), np.int8)})
    assert both.contains({"observation": np.array([1, 2, 3]), "action_mask": mask})
    assert not both.contains({"observation": np.array([1, 2, 3])})


def test_starts_that_leave_the_learner_no_move():
    # A start with no move for the learner is drawn again; one that never has any is refused.
    env = nim_game.GameEnv(heap_count=1, max_size=1, learner=1, opponent="random")
    message = ("^no start leaves the caller a move: every start drawn was over before the "
               "caller's first move$")
    with pytest.raises(ValueError, match=message):
        env.reset(seed=1)  # a heap of 0 or 1: the agent takes the last object, or none is there
    with pytest.raises(ValueError, match=message):
        nim_game.GameAECEnv([1], subtract=[2])
    with pytest.raises(ValueError, match="^every heap is 0: no game has a move$"):
        nim_game.GameEnv([0, 0])
    drawn = nim_game.GameEnv(heap_count=(1, 3), max_size=1)  # often all 0: drawn again
    for seed in range(20):
        observation, info = drawn.reset(seed=seed)
        assert observation.any() and info["action_mask"].any()
